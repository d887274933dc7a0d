import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isKioskFile, splitPlayerModules } from '../../build/kiosk-chunks';
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

describe("a phone's script apart from the kiosk's", () => {
  const KIOSK = 'assets/play/kiosk/kiosk.js';
  it("counts a phone's script without the kiosk's chunks, and the kiosk's apart", () => {
    const chunks = {
      'play.js': chunk('import("./player.js")', [], ['player.js']),
      'player.js': chunk(incompressible(3_000), [], [KIOSK]),
      [KIOSK]: chunk(incompressible(2_000), ['player.js'], ['assets/play/kiosk/staff.js']),
      'assets/play/kiosk/staff.js': chunk(incompressible(1_000), [KIOSK]),
    };
    const budget = scriptBudget(chunks, 'play.js', isKioskFile);
    expect(budget.files.map((f) => f.file).sort()).toEqual(['play.js', 'player.js']);
    expect(budget.kiosk.files.map((f) => f.file).sort()).toEqual(['assets/play/kiosk/kiosk.js', 'assets/play/kiosk/staff.js']);
    expect(budget.problems).toEqual([]);
    // Without the split the same graph is one reach: the kiosk's bytes count for a phone.
    expect(scriptBudget(chunks, 'play.js').total).toBe(budget.total + budget.kiosk.total);
  });

  it('names a kiosk chunk a phone imports statically, and a chunk only a kiosk loads outside its folder', () => {
    const chunks = {
      'play.js': chunk('', [KIOSK], []),
      [KIOSK]: chunk('', [], ['assets/play/shared.js']),
      'assets/play/shared.js': chunk(''),
    };
    const { problems } = scriptBudget({ ...chunks, 'play.js': chunk('', [], [KIOSK]) }, 'play.js', isKioskFile);
    expect(problems).toEqual([expect.stringContaining('assets/play/shared.js is loaded only by a kiosk')]);
    expect(scriptBudget(chunks, 'play.js', isKioskFile).problems).toEqual(expect.arrayContaining([expect.stringContaining(`play.js imports the kiosk's ${KIOSK} statically`)]));
  });

  it('splits the modules: the phone has what the entry reaches dynamically except through a kiosk entry; the kiosk what only a kiosk entry reaches', () => {
    const graph: Record<string, { isEntry?: boolean; importedIds?: string[]; dynamicallyImportedIds?: string[] }> = {
      '/app/web/play.html': { isEntry: true, importedIds: ['/app/web/player/boot.ts'] },
      '/app/web/player/boot.ts': { importedIds: ['preload-helper'], dynamicallyImportedIds: ['/app/web/player/main.tsx'] },
      'preload-helper': {},
      '/app/web/player/main.tsx': { importedIds: ['/app/web/offline/index.ts', 'preload-helper'], dynamicallyImportedIds: ['/app/web/player/kiosk-parts.tsx'] },
      '/app/web/offline/index.ts': { dynamicallyImportedIds: ['/app/web/offline/kiosk-pin.ts'] },
      '/app/web/player/kiosk-parts.tsx': { importedIds: ['/app/web/player/status-badge.tsx', '/app/web/offline/index.ts'] },
      '/app/web/player/status-badge.tsx': { importedIds: ['/app/web/offline/kiosk-pin.ts'] },
      '/app/web/offline/kiosk-pin.ts': {},
    };
    const split = splitPlayerModules({
      getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
      getModuleInfo: (id) => (graph[id] ? { isEntry: false, importedIds: [], dynamicallyImportedIds: [], ...graph[id] } : null),
    });
    expect([...split.entry].sort()).toEqual(['/app/web/play.html', '/app/web/player/boot.ts', 'preload-helper']);
    expect([...split.phone].sort()).toEqual(['/app/web/offline/index.ts', '/app/web/player/main.tsx']);
    expect([...split.kiosk].sort()).toEqual(['/app/web/offline/kiosk-pin.ts', '/app/web/player/kiosk-parts.tsx', '/app/web/player/status-badge.tsx']);
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
