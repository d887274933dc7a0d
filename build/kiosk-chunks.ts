import type { Plugin } from 'vite';
import { KIOSK_ASSETS_DIR } from '../contract/kiosk-shell';
import { PLAYER_ASSETS_DIR } from './precache';

/**
 * The player code that only a kiosk runs enters through these modules, each imported dynamically
 * (web/player/use-kiosk-parts.ts, the staff panel's host, the offline layer's PIN and staff tools):
 * their chunks are written under KIOSK_ASSETS_DIR, which a phone never loads and a kiosk's service
 * worker keeps (sw/kiosk-shell.ts). The budget (player-budget.ts) counts a phone's script without
 * them and fails the build when a phone's graph reaches one statically, or when a chunk only a
 * kiosk loads lands outside that folder.
 */
export const KIOSK_ENTRY_MODULES = ['web/player/kiosk-parts.tsx', 'web/player/staff-panel.tsx', 'web/offline/staff-tools.ts', 'web/offline/kiosk-pin.ts'];

/** Whether a module id (an absolute path as the bundler gives it) is one of KIOSK_ENTRY_MODULES. */
export function isKioskEntry(moduleId: string | null | undefined): boolean {
  const id = (moduleId ?? '').replaceAll('\\', '/');
  return KIOSK_ENTRY_MODULES.some((module) => id.endsWith(`/${module}`));
}

/** Whether a built file is one of the kiosk's chunks. */
export const isKioskFile = (fileName: string): boolean => fileName.startsWith(`${KIOSK_ASSETS_DIR}/`);

/** The chunk of the kiosk's code (below), and what the phone's is called. */
const KIOSK_CHUNK = 'kiosk';
const PHONE_CHUNK = 'player';

/**
 * The player build's chunk names: the kiosk's chunk, and the small ones through which its entries
 * are imported, in the kiosk's folder; the phone's beside the entry.
 */
export function playerChunkFileName(chunk: { name: string; facadeModuleId: string | null }): string {
  const kiosk = chunk.name === KIOSK_CHUNK || isKioskEntry(chunk.facadeModuleId);
  return `${kiosk ? KIOSK_ASSETS_DIR : PLAYER_ASSETS_DIR}/[name]-[hash].js`;
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * The player's modules in two parts: what a phone can run (reached from what the entry imports,
 * never through a kiosk entry) and what only a kiosk runs (reached only through one). The entry
 * itself (web/player/boot.ts) is in neither.
 */
export function splitPlayerModules(graph: ModuleGraph): { entry: Set<string>; phone: Set<string>; kiosk: Set<string> } {
  const ids = [...graph.getModuleIds()];
  const reach = (from: readonly string[], stop: (id: string) => boolean, dynamic = true): Set<string> => {
    const seen = new Set<string>();
    const queue = [...from];
    while (queue.length) {
      const id = queue.shift()!;
      const info = graph.getModuleInfo(id);
      if (seen.has(id) || stop(id) || !info) continue;
      seen.add(id);
      queue.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
    }
    return seen;
  };
  // The entry and what it imports statically (boot.ts): the phone's part starts at its dynamic imports.
  const entry = reach(ids.filter((id) => graph.getModuleInfo(id)?.isEntry), () => false, false);
  const roots = [...entry].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
  const phone = reach(roots, (id) => isKioskEntry(id) || entry.has(id));
  const kiosk = reach(ids.filter(isKioskEntry), (id) => phone.has(id) || entry.has(id));
  return { entry, phone, kiosk };
}

/**
 * Two chunks behind the entry: one with everything a phone runs, so a phone fetches the entry and
 * one script (no chain of small shared chunks, which compress worse and cost a request each), and
 * one with everything only a kiosk runs, in the kiosk's folder. The plugin reads the module graph
 * once it is complete; the groups place each module by it when the chunks are made.
 */
export function kioskApart(): { plugin: Plugin; groups: { name: string; test: (moduleId: string) => boolean; priority: number; includeDependenciesRecursively: boolean }[] } {
  let parts = { entry: new Set<string>(), phone: new Set<string>(), kiosk: new Set<string>() };
  return {
    plugin: {
      name: 'kiosk-apart',
      apply: 'build',
      buildEnd() {
        parts = splitPlayerModules(this);
      },
    },
    // Each module where the split put it (not with what it imports: the entry's helpers stay in the
    // entry, which must not import the phone's chunk statically).
    groups: [
      { name: PHONE_CHUNK, test: (moduleId) => parts.phone.has(moduleId), priority: 2, includeDependenciesRecursively: false },
      { name: KIOSK_CHUNK, test: (moduleId) => parts.kiosk.has(moduleId), priority: 1, includeDependenciesRecursively: false },
    ],
  };
}
