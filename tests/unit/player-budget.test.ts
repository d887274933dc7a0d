import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bannedPackages, PLAYER_JS_BUDGET_BYTES, scriptBudget, type BudgetChunk } from '../../build/player-budget';

const chunk = (code: string, imports: string[] = [], dynamicImports: string[] = []): BudgetChunk => ({ code, imports, dynamicImports });
/** Code that compresses little (base64 of random bytes: about 3/4 of its length). */
const incompressible = (bytes: number) => `"${randomBytes(bytes).toString('base64').slice(0, bytes)}"`;

describe('scriptBudget', () => {
  it("counts the entry, its static imports and the dynamic imports reachable from them, each once, brotli-compressed", () => {
    const chunks = {
      'play.js': chunk('import "./shared.js"; import("./step.js");'.repeat(20), ['shared.js'], ['step.js']),
      'shared.js': chunk('export const x = 1;', []),
      'step.js': chunk('import "./shared.js";', ['shared.js'], ['deeper.js']),
      'deeper.js': chunk('export {};'),
      'admin.js': chunk(incompressible(50_000)),
    };
    const budget = scriptBudget(chunks, 'play.js');
    expect(budget.files.map((f) => f.file).sort()).toEqual(['deeper.js', 'play.js', 'shared.js', 'step.js']);
    expect(budget.total).toBe(budget.files.reduce((sum, f) => sum + f.brotli, 0));
    // Repetitive code compresses: the entry's brotli size is far under its length.
    const entry = budget.files.find((f) => f.file === 'play.js')!;
    expect(entry.brotli).toBeLessThan(chunks['play.js'].code.length / 4);
  });

  it('goes over the budget when a heavy library enters the player graph', () => {
    const light = { 'play.js': chunk('export {};', ['vendor.js']), 'vendor.js': chunk(incompressible(20_000)) };
    expect(scriptBudget(light, 'play.js').total).toBeLessThan(PLAYER_JS_BUDGET_BYTES);
    const heavy = { ...light, 'vendor.js': chunk(incompressible(20_000), [], ['admin.js']), 'admin.js': chunk(incompressible(2 * PLAYER_JS_BUDGET_BYTES)) };
    expect(scriptBudget(heavy, 'play.js').total).toBeGreaterThan(PLAYER_JS_BUDGET_BYTES);
  });
});

describe('bannedPackages', () => {
  it('finds zod among the modules of the player script, whatever imported it', () => {
    const player = ['/app/web/player/main.tsx', '/app/contract/play-rules.ts', '/app/node_modules/preact/dist/preact.module.js'];
    expect(bannedPackages(player)).toEqual([]);
    expect(bannedPackages([...player, '/app/contract/devices.ts', '/app/node_modules/zod/v4/classic/schemas.js'])).toEqual(['zod']);
    expect(bannedPackages(['C:\\app\\node_modules\\zod\\index.js'])).toEqual(['zod']);
    // A package whose name only starts like it is not it.
    expect(bannedPackages(['/app/node_modules/zod-to-json/index.js'])).toEqual([]);
  });
});
