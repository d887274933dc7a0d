import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, as paths relative to `base` with forward slashes. */
export function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

