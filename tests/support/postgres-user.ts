import { execFileSync } from 'node:child_process';

/**
 * The `postgres` system user's ids when running as root (PostgreSQL and PgBouncer refuse to run
 * as root; the embedded PostgreSQL creates that user), undefined otherwise: run as ourselves.
 */
export function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}
