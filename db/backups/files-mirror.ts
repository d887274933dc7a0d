import { copyFile, mkdir, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The uploads (logos, pictures) beside the database's backups: `<BACKUP_DIR>/files` mirrors the
 * upload directory. Uploads are named by their content and never rewritten, so a file already
 * there with the same size is the same file: only new files are copied (each to a temporary name,
 * then renamed, so a half-copied file is never taken for a whole one). A file deleted from the
 * uploads stays in the mirror: a restore to an earlier moment may need it.
 */
export const filesDirectory = (backupDir: string) => path.join(backupDir, 'files');

/** Copies what is new in `from` into `to` (recursively); returns how many files were copied. */
export async function mirrorNewFiles(from: string, to: string): Promise<number> {
  let copied = 0;
  const entries = await readdir(from, { withFileTypes: true }).catch(() => []);
  if (entries.length > 0) await mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copied += await mirrorNewFiles(source, target);
      continue;
    }
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    const [have, want] = await Promise.all([stat(target).catch(() => undefined), stat(source).catch(() => undefined)]);
    if (!want || have?.size === want.size) continue;
    await copyFile(source, `${target}.part`);
    await rename(`${target}.part`, target);
    copied++;
  }
  return copied;
}
