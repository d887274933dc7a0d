import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { baseDirectory, MANIFEST, type BaseManifest } from './base-backup';
import { walDirectory } from './wal-archive';

/** A WAL file's position without its timeline (the log and segment parts of its name), for ordering across timelines. */
const position = (walName: string) => walName.slice(8, 24);

/** The whole base backups in a backup directory, oldest first, with their manifests. */
export async function listBaseBackups(backupDir: string): Promise<(BaseManifest & { dir: string })[]> {
  const root = baseDirectory(backupDir);
  const names = (await readdir(root).catch(() => [] as string[])).filter((name) => !name.endsWith('.partial')).sort();
  const backups = [];
  for (const name of names) {
    const manifest = await readFile(path.join(root, name, MANIFEST), 'utf8').then((text) => JSON.parse(text) as BaseManifest, () => undefined);
    if (manifest) backups.push({ ...manifest, dir: path.join(root, name) });
  }
  return backups;
}

/**
 * Keeps the newest `keep` base backups and the WAL a restore from the oldest of them needs: older
 * backups, copies left unfinished by a stop, and WAL segments before the oldest kept backup's start
 * are deleted (timeline history files are always kept). Returns what was deleted.
 */
export async function pruneBackups(backupDir: string, keep: number): Promise<{ backups: number; walFiles: number }> {
  const root = baseDirectory(backupDir);
  const backups = await listBaseBackups(backupDir);
  const gone = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of gone) await rm(backup.dir, { recursive: true, force: true });
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (name.endsWith('.partial')) await rm(path.join(root, name), { recursive: true, force: true });
  }
  const oldest = backups[gone.length];
  let walFiles = 0;
  if (oldest) {
    const walDir = walDirectory(backupDir);
    for (const name of await readdir(walDir).catch(() => [] as string[])) {
      if (/^[0-9A-F]{24}/.test(name) && position(name) < position(oldest.startWal)) {
        await rm(path.join(walDir, name), { force: true });
        walFiles++;
      }
    }
  }
  return { backups: gone.length, walFiles };
}
