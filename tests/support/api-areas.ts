import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The API's floors from the ground up (eslint.config.js enforces that each imports only those before it). */
export const API_FLOORS = ['platform', 'standings', 'content', 'play', 'results'] as const;

/** What may stand at api/ beside the floors: the process and the app that put the floors together. */
export const API_TOP = ['server.ts', 'restore.ts', 'app.ts', 'routes.ts', 'bootstrap.ts', 'metrics'] as const;

/**
 * A file's area: `floor/area` for a file in a floor's folder (`play/attempts`), the floor's own
 * file for one directly in it (`content/not-found.ts`), or the top-level file or folder.
 */
export function areaOf(file: string): string {
  const parts = file.replace(/^api\//, '').split('/');
  if ((API_FLOORS as readonly string[]).includes(parts[0]!)) return parts.slice(0, 2).join('/');
  return parts[0]!;
}

/** The imports between areas of the tracked API files: `from -> to` with the files that make each arrow. */
export function areaArrows(root = process.cwd()): Map<string, string[]> {
  const files = execFileSync('git', ['ls-files', 'api'], { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => /\.(ts|mjs)$/.test(f));
  const known = new Set(files);
  const arrows = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const match of source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!));
      const resolved = [target, `${target}.ts`, `${target}/index.ts`].find((candidate) => known.has(candidate));
      if (!resolved) continue;
      const [from, to] = [areaOf(file), areaOf(resolved)];
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      arrows.set(key, [...(arrows.get(key) ?? []), `${file} -> ${resolved}`]);
    }
  }
  return arrows;
}

/** Every circle of areas (each once, as the areas in order, first again at the end), by a depth-first walk. */
export function areaCircles(arrows: Iterable<string>): string[][] {
  const next = new Map<string, string[]>();
  for (const arrow of arrows) {
    const [from, to] = arrow.split(' -> ') as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (area: string) => {
    state.set(area, 'open');
    trail.push(area);
    for (const to of next.get(area) ?? []) {
      if (state.get(to) === 'open') circles.push([...trail.slice(trail.indexOf(to)), to]);
      else if (!state.has(to)) visit(to);
    }
    trail.pop();
    state.set(area, 'done');
  };
  for (const area of [...next.keys()].sort()) if (!state.has(area)) visit(area);
  return circles;
}
