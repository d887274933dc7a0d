import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A program the scaled topology runs, from Debian's package of the same name. */
export interface DebianProgram {
  /** Where Debian's package puts the binary. */
  binary: string;
  /** The Debian package that holds it. */
  debianPackage: string;
  /** What needs it, for the message when it cannot be installed. */
  neededBy: string;
}

export const HAPROXY: DebianProgram = { binary: '/usr/sbin/haproxy', debianPackage: 'haproxy', neededBy: 'the scaled load run (the load balancer)' };
export const PGBOUNCER: DebianProgram = { binary: '/usr/sbin/pgbouncer', debianPackage: 'pgbouncer', neededBy: 'the pooler test and the scaled load run (the connection pooler)' };

/** Installs Debian packages with apt (the caller checked it runs as root), printing apt's output. */
export function aptInstall(packages: string): void {
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });
}

/**
 * Debian's packages of the given programs, installed with apt when missing and the user is root
 * (as the browser tests install Chromium); otherwise an error saying exactly what to install.
 * The services the packages register are left alone: the run starts its own processes with its
 * own configuration.
 */
export function ensureDebianPrograms(...programs: DebianProgram[]): void {
  const missing = programs.filter((program) => !existsSync(program.binary));
  if (!missing.length) return;
  const packages = missing.map((program) => program.debianPackage).join(' ');
  if (process.getuid?.() !== 0) {
    throw new Error(`${missing.map((program) => program.neededBy).join(' and ')} need${missing.length > 1 ? '' : 's'} Debian's ${packages}: install with \`sudo apt-get install -y ${packages}\`.`);
  }
  console.log(`Installing Debian's ${packages}…`);
  aptInstall(packages);
  for (const program of missing) if (!existsSync(program.binary)) throw new Error(`apt-get installed ${program.debianPackage}, but no binary is at ${program.binary}.`);
}
