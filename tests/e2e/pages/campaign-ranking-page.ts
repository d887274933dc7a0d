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
  /** The names of the open trivia tab, in the order it ranks them. */
  readonly triviaNames = async () => (await this.panel().getByTestId('trivia-score-name').allTextContents()).map((n) => n.trim());
  /** 'Mostrando N de M' under the open tab's rows. */
  readonly count = () => this.panel().getByTestId('ranking-count');
  readonly exportLink = () => this.page.getByRole('link', { name: 'Exportar CSV' });
  readonly datesButton = () => this.page.getByRole('button', { name: 'Todas las fechas' });
  readonly clearDates = () => this.page.getByRole('button', { name: 'Quitar fechas' });
  /** A day (yyyy-MM-dd) of the open calendar (one month where two do not fit). */
  readonly calendarDay = (isoDay: string) => this.page.locator(`[data-day="${isoDay}"]:not([data-outside]) button`);
  readonly publicLink = () => this.page.getByRole('link', { name: 'Ranking público' });
  /** The ranking's site filter (first on the page: the admin's "Sorteo" form below has a 'Sede' of its own). */
  readonly location = () => this.page.getByLabel('Sede').first();
  readonly podium = () => this.page.getByRole('list', { name: 'Podio' });

  async gotoAdmin(campaignId: number) {
    await this.page.goto(`/campaigns/${campaignId}/ranking`);
    await expect(this.tab('Ranking General')).toBeVisible();
  }

  async gotoPublic(campaignId: number) {
    await this.page.goto(`/public/campaigns/${campaignId}/ranking`);
    await expect(this.page.getByRole('heading', { name: 'Filtros' })).toBeVisible();
  }

  /** Whole days: the calendar opened, one day picked (a range of that day alone). */
  async pickDay(isoDay: string) {
    await this.datesButton().click();
    // A day of next month (tomorrow, on a month's last day) is one page on.
    if ((await this.calendarDay(isoDay).count()) === 0) await this.page.getByRole('button', { name: 'Ir al mes siguiente' }).click();
    await this.calendarDay(isoDay).click();
  }

  /** Correct answers (public ranking only) and average time of one player's row. */
  async statsOf(fullName: string) {
    const row = this.rowOf(fullName);
    return { correct: await text(row, 'ranking-correct'), time: await text(row, 'ranking-time') };
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
