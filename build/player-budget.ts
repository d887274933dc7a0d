import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type { Plugin } from 'vite';

/** Most JavaScript the player route may send on a first visit, brotli-compressed, in bytes. */
export const PLAYER_JS_BUDGET_BYTES = 100_000;

/** A built script as the budget sees it: its code and the chunks it imports. */
export interface BudgetChunk {
  code: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/**
 * The scripts a page's entry can load, with each one's brotli size: the entry, its static imports
 * and every dynamic import reachable from them (counted too: a first visit may fetch them).
 */
export function scriptBudget(chunks: Record<string, BudgetChunk>, entry: string): { files: { file: string; brotli: number }[]; total: number } {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    const chunk = chunks[file];
    if (seen.has(file) || !chunk) continue;
    seen.add(file);
    queue.push(...chunk.imports, ...chunk.dynamicImports);
  }
  const files = [...seen].map((file) => ({ file, brotli: brotliSize(chunks[file]!.code) }));
  return { files, total: files.reduce((sum, file) => sum + file.brotli, 0) };
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
 * Fails the player build when play.html's JavaScript is over PLAYER_JS_BUDGET_BYTES, or carries a
 * banned package, and prints its size.
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
      const { files, total } = scriptBudget(chunks, entry);
      const lines = files.sort((a, b) => b.brotli - a.brotli).map(({ file, brotli }) => `  ${(brotli / 1000).toFixed(1).padStart(6)} kB  ${file}`);
      const summary = `Player route JavaScript: ${(total / 1000).toFixed(1)} kB brotli (budget ${PLAYER_JS_BUDGET_BYTES / 1000} kB)`;
      this.info(`${summary}\n${lines.join('\n')}`);
      console.log(`${summary}\n${lines.join('\n')}`);
      if (total > PLAYER_JS_BUDGET_BYTES) {
        this.error(`${summary}: over budget. Something heavy entered the player graph (web/player/main.tsx).`);
      }
    },
  };
}

