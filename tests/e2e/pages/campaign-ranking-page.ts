import { expect, type Locator, type Page } from '@playwright/test';

/** What one row of a campaign's 'Ranking General' shows. */
export interface CampaignRankingRowView {
  position: string;
  name: string;
  points: string;
}

/** The campaign rankings: admin (/campaigns/:id/ranking) and public (/public/campaigns/:id/ranking). */
export class CampaignRankingPage {
  constructor(private readonly page: Page) {}

  readonly rows = () => this.page.getByTestId('campaign-ranking-row');
  readonly rowOf = (fullName: string) => this.rows().filter({ has: this.page.getByTestId('ranking-name').getByText(fullName, { exact: true }) });
  readonly tab = (label: string) => this.page.getByRole('tab', { name: label, exact: true });
  readonly panel = () => this.page.getByRole('tabpanel');
  readonly triviaRowOf = (fullName: string) =>
    this.panel().getByTestId('trivia-score-row').filter({ has: this.page.getByTestId('trivia-score-name').getByText(fullName, { exact: true }) });
  readonly exportLink = () => this.page.getByRole('link', { name: 'Exportar CSV' });
  readonly publicLink = () => this.page.getByRole('link', { name: 'Ranking público' });
  readonly location = () => this.page.getByLabel('Sede');
  readonly podium = () => this.page.getByRole('list', { name: 'Podio' });

  async gotoAdmin(campaignId: number) {
    await this.page.goto(`/campaigns/${campaignId}/ranking`);
    await expect(this.tab('Ranking General')).toBeVisible();
  }

  async gotoPublic(campaignId: number) {
    await this.page.goto(`/public/campaigns/${campaignId}/ranking`);
    await expect(this.page.getByRole('heading', { name: 'Filtros' })).toBeVisible();
  }

  /** The rows of the given players, in the order the page lists them. */
  async rowsOf(fullNames: string[]): Promise<CampaignRankingRowView[]> {
    const views: CampaignRankingRowView[] = [];
    for (const row of await this.rows().all()) {
      const name = (await row.getByTestId('ranking-name').textContent())?.trim() ?? '';
      if (!fullNames.includes(name)) continue;
      views.push({ position: await text(row, 'ranking-position'), name, points: await text(row, 'ranking-points') });
    }
    return views;
  }
}

async function text(row: Locator, testId: string) {
  return ((await row.getByTestId(testId).textContent()) ?? '').trim();
}
