import { execFileSync } from 'node:child_process';
import { chown } from 'node:fs/promises';

/**
 * The `postgres` system user's ids when running as root (PostgreSQL and PgBouncer refuse to run as
 * root; the embedded PostgreSQL package creates that user and runs the server as it), undefined
 * otherwise: then everything runs as ourselves.
 */
export function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** As root, gives `dir` (with `recursive`, all it holds too) to the `postgres` system user the server runs as; nothing otherwise. */
export async function giveToPostgresUser(dir: string, { recursive = false } = {}): Promise<void> {
  const user = postgresUser();
  if (!user) return;
  if (recursive) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
  else await chown(dir, user.uid, user.gid);
}
