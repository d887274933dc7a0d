import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type { Plugin } from 'vite';
import { isKioskFile } from './kiosk-chunks';

/**
 * Most JavaScript the player route may send a phone on its first visit, brotli-compressed, in
 * bytes (the kiosk's own chunks apart): room for the game's kinds of question on top of the
 * measured script, not for a library (docs/decisions.md, "What a phone downloads").
 */
export const PLAYER_JS_BUDGET_BYTES = 75_000;

/** A built script as the budget sees it: its code and the chunks it imports. */
export interface BudgetChunk {
  code: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/** The scripts of one reach, each with its brotli size, and their sum. */
export interface ScriptSet {
  files: { file: string; brotli: number }[];
  total: number;
}

/**
 * What the player's entry loads, as a phone and as a kiosk: a phone's script is the entry, its
 * static imports and every dynamic import reachable from them (counted too: a first visit may
 * fetch them) except the kiosk's chunks (`isKioskFile`); the kiosk's are those and what only they
 * reach. `problems` names a kiosk chunk a phone would load anyway (a static import) and a chunk
 * only a kiosk loads that is outside the kiosk's folder (a kiosk would miss it offline, a phone
 * would precache it).
 */
export function scriptBudget(chunks: Record<string, BudgetChunk>, entry: string, isKioskFile: (file: string) => boolean = () => false): ScriptSet & { kiosk: ScriptSet; problems: string[] } {
  const problems: string[] = [];
  const phone = new Set<string>();
  const kioskRoots: string[] = [];
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    const chunk = chunks[file];
    if (phone.has(file) || !chunk) continue;
    phone.add(file);
    for (const imported of chunk.imports) {
      if (isKioskFile(imported)) problems.push(`${file} imports the kiosk's ${imported} statically: a phone would load it`);
      queue.push(imported);
    }
    for (const imported of chunk.dynamicImports) (isKioskFile(imported) ? kioskRoots : queue).push(imported);
  }
  const kiosk = new Set<string>();
  while (kioskRoots.length) {
    const file = kioskRoots.shift()!;
    const chunk = chunks[file];
    if (phone.has(file) || kiosk.has(file) || !chunk) continue;
    kiosk.add(file);
    if (!isKioskFile(file)) problems.push(`${file} is loaded only by a kiosk but is not in the kiosk's folder (build/kiosk-chunks.ts)`);
    kioskRoots.push(...chunk.imports, ...chunk.dynamicImports);
  }
  const measure = (set: Set<string>): ScriptSet => {
    const files = [...set].map((file) => ({ file, brotli: brotliSize(chunks[file]!.code) }));
    return { files, total: files.reduce((sum, file) => sum + file.brotli, 0) };
  };
  return { ...measure(phone), kiosk: measure(kiosk), problems };
}

function brotliSize(content: string | Uint8Array): number {
  return brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/**
 * Packages the player script never carries. zod comes in with any contract module that builds a
 * schema, even for one constant of it: the player imports the contract's zod-free modules, or types only.
 */
export const PLAYER_BANNED_PACKAGES = ['zod'];

/** The banned packages among a script's modules (their ids, file paths as the bundler names them). */
export function bannedPackages(moduleIds: readonly string[]): string[] {
  return PLAYER_BANNED_PACKAGES.filter((name) => moduleIds.some((id) => id.replaceAll('\\', '/').includes(`/node_modules/${name}/`)));
}

/**
 * Fails the player build when a phone's JavaScript is over PLAYER_JS_BUDGET_BYTES, when the kiosk's
 * chunks are not apart from it, or when a chunk carries a banned package; prints both sizes.
 */
export function playerScriptBudget(): Plugin {
  return {
    name: 'player-script-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, BudgetChunk> = {};
      let entry: string | undefined;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = { code: output.code, imports: output.imports, dynamicImports: output.dynamicImports };
        const banned = bannedPackages(output.moduleIds);
        if (banned.length > 0) {
          // The project's modules that import it: import a value from them only if they are zod-free.
          const importers = output.moduleIds.filter((id) => !id.includes('node_modules') && bannedPackages(this.getModuleInfo(id)?.importedIds ?? []).length > 0);
          const named = importers.map((id) => path.relative(process.cwd(), id)).join(', ');
          this.error(`The player script carries ${banned.join(', ')}, imported by ${named}: take the player's values from zod-free modules.`);
        }
        if (output.isEntry && output.facadeModuleId?.endsWith('play.html')) entry = output.fileName;
        if (output.isEntry && !entry) entry = output.fileName;
      }
      if (!entry) throw new Error('The player build has no entry script.');
      const { files, total, kiosk, problems } = scriptBudget(chunks, entry, isKioskFile);
      const list = (set: ScriptSet['files']) => set.sort((a, b) => b.brotli - a.brotli).map(({ file, brotli }) => `  ${(brotli / 1000).toFixed(1).padStart(6)} kB  ${file}`);
      const summary = `Player route JavaScript on a phone: ${(total / 1000).toFixed(1)} kB brotli (budget ${PLAYER_JS_BUDGET_BYTES / 1000} kB)`;
      const report = [summary, ...list(files), `A kiosk's own chunks on top: ${(kiosk.total / 1000).toFixed(1)} kB`, ...list(kiosk.files)].join('\n');
      this.info(report);
      console.log(report);
      if (problems.length) this.error(`The kiosk's code is not apart from the phone's:\n${problems.join('\n')}`);
      if (total > PLAYER_JS_BUDGET_BYTES) {
        this.error(`${summary}: over budget. Something heavy entered the phone's graph (web/player/main.tsx), or kiosk code lost its dynamic import (build/kiosk-chunks.ts).`);
      }
    },
  };
}

