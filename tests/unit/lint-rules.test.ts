import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own lint configuration; `ignore: false` lets it read the fixtures that `npm run lint` skips. */
const eslint = new ESLint({ ignore: false });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('npm run lint keeps the shape', () => {
  it('fails on an import circle (two fixture files that import each other)', async () => {
    const [result] = await eslint.lintFiles(['tests/lint-fixtures/cycle/first.ts']);
    const cycles = result!.messages.filter((message) => message.ruleId === 'local/no-import-cycle');
    expect(cycles.map((message) => message.message)).toEqual([expect.stringContaining('tests/lint-fixtures/cycle/first.ts → tests/lint-fixtures/cycle/second.ts → tests/lint-fixtures/cycle/first.ts')]);
  });

  it('fails on an import from another feature, and passes the same piece through a shared place', async () => {
    const crossing = "import { RankingAdminPage } from '../ranking/ranking-admin-page';\nexport const page = RankingAdminPage;\n";
    expect(await ruleIds(crossing, 'web/features/campaigns/lint-fixture.tsx')).toContain('boundaries/dependencies');

    const shared = "import { LoadMore } from '../../shared/ranking/load-more';\nexport const more = LoadMore;\n";
    expect(await ruleIds(shared, 'web/features/campaigns/lint-fixture.tsx')).toEqual([]);
    const ownFeature = "import { parseCampaignId } from './campaign-id';\nexport const id = parseCampaignId;\n";
    expect(await ruleIds(ownFeature, 'web/features/campaigns/lint-fixture.tsx')).toEqual([]);
  });

  it('fails when a route opens a transaction, and passes the same write through a service', async () => {
    const opening =
      "import type { DataSource } from 'typeorm';\nexport const save = (dataSource: DataSource) => dataSource.transaction((em) => em.query('SELECT 1'));\n";
    expect(await ruleIds(opening, 'api/play/players/routes.ts')).toContain('no-restricted-syntax');
    expect(await ruleIds(opening.replace('dataSource.transaction', 'dataSource.manager.transaction'), 'api/results/kiosk-board/routes.ts')).toContain('no-restricted-syntax');
    const throughService = "import type { DataSource } from 'typeorm';\nimport { erasePlayer } from './erasure';\nexport const erase = (dataSource: DataSource) => erasePlayer(dataSource.manager, 1, { action: 'delete', confirm: '' }, 1);\n";
    expect(await ruleIds(throughService, 'api/play/players/routes.ts')).toEqual([]);
  });

  it("fails when an API floor imports a floor above it, and passes the same import from a floor above", async () => {
    const upward = "import { rankingRoutes } from '../../results/ranking/routes';\nexport const routes = rankingRoutes;\n";
    expect(await ruleIds(upward, 'api/play/attempts/lint-fixture.ts')).toContain('boundaries/dependencies');
    const platformUp = "import { questionRoutes } from '../../content/questions/routes';\nexport const routes = questionRoutes;\n";
    expect(await ruleIds(platformUp, 'api/platform/http/lint-fixture.ts')).toContain('boundaries/dependencies');
    const downward = "import { rankingRoutes } from '../ranking/routes';\nexport const routes = rankingRoutes;\n";
    expect(await ruleIds(downward, 'api/results/draws/lint-fixture.ts')).toEqual([]);
    const toStandings = "import { refreshPlayerStandings } from '../../standings/refresh';\nexport const refresh = refreshPlayerStandings;\n";
    expect(await ruleIds(toStandings, 'api/play/attempts/lint-fixture.ts')).toEqual([]);
  });

  it('fails when a shared place imports a feature (it would let features reach each other through it)', async () => {
    const code = "import { RankingAdminPage } from '../../features/ranking/ranking-admin-page';\nexport const page = RankingAdminPage;\n";
    expect(await ruleIds(code, 'web/shared/ranking/lint-fixture.tsx')).toContain('boundaries/dependencies');
  });
});
