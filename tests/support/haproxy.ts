import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ensureDebianPrograms, HAPROXY } from './debian-packages';
import { freePort, waitForPort } from './free-port';

/** The load balancer's configuration, as a deployment uses it (docs/scale-out.md). */
export const HAPROXY_CONFIG = path.resolve('deploy/haproxy/haproxy.cfg');

/**
 * Debian's HAProxy with deploy/haproxy/haproxy.cfg, in front of one to three API processes
 * (`host:port` each), health-checking each on GET /api/health. The file reads the addresses from
 * the environment; nothing of it is rewritten.
 */
export async function startHaproxy(apis: string[]) {
  ensureDebianPrograms(HAPROXY);
  if (apis.length < 1 || apis.length > 3) throw new Error('deploy/haproxy/haproxy.cfg names one to three API processes');
  const port = await freePort();
  const env = { ...process.env, TRIVIA_BIND: `127.0.0.1:${port}`, ...Object.fromEntries(apis.map((address, i) => [`TRIVIA_API_${i + 1}`, address])) };
  let output = '';
  const child: ChildProcess = spawn(HAPROXY.binary, ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`haproxy exited with ${code}:\n${output}`))));
  await Promise.race([waitForPort(port), exited]);
  exited.catch(() => undefined);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
export type Haproxy = Awaited<ReturnType<typeof startHaproxy>>;
