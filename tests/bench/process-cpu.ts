import { readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command's name (field 3 onwards). */
function statFields(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) of a process from /proc; clock ticks are 1/100 s on Linux. */
export function cpuMs(pid: number | undefined): number {
  const fields = pid ? statFields(pid) : undefined;
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0;
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU time (ms) of a server and everything it runs: its own, its children's that it has reaped
 * (a PostgreSQL backend that ended with its connection), and its live children's.
 */
export function treeCpuMs(pid: number | undefined): number {
  const fields = pid ? statFields(pid) : undefined;
  if (!fields) return 0;
  const own = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
  return own + childrenOf(pid!).reduce((sum, child) => sum + treeCpuMs(child), 0);
}

/** This process's descendants named `postgres` (the embedded server and its backends). */
export function postgresPids(pid = process.pid): number[] {
  return childrenOf(pid).flatMap((child) => {
    let name = '';
    try {
      name = readFileSync(`/proc/${child}/comm`, 'utf8').trim();
    } catch {
      // gone
    }
    return [...(name === 'postgres' ? [child] : []), ...postgresPids(child)];
  });
}

/** The postmaster's pid of a running cluster, from its postmaster.pid. */
export function postmasterPid(clusterDir: string): number | undefined {
  try {
    return Number(readFileSync(`${clusterDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}
