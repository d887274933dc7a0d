import type { DataSource } from 'typeorm';
import type { CampaignEntity, CampaignQuestionGroupEntity } from '../../db/entities';
import {
  campaignRankingStatement,
  presentCampaignRankingEntry,
  type CampaignRankingFilters,
  type CampaignRankingRow,
} from '../ranking/campaign-ranking';

const FETCH_SIZE = 1000;

/** The ranking's columns, then a score and an attempt count for each trivia in the campaign's order. */
export function campaignRankingHeader(links: CampaignQuestionGroupEntity[]): string[] {
  return [
    'Posición',
    'Nombre',
    'Apellido',
    'Sede',
    'Puntos totales',
    'Respuestas correctas',
    'Tiempo promedio (segundos)',
    ...links.flatMap((link) => [`${link.questionGroup.name} - Puntaje`, `${link.questionGroup.name} - Intentos`]),
  ];
}

/**
 * The rows of the campaign ranking, the same the ranking screens show, read through a server-side
 * cursor a thousand at a time: the whole ranking is computed once and memory stays flat.
 */
export async function* campaignRankingRows(
  dataSource: DataSource,
  campaign: CampaignEntity,
  links: CampaignQuestionGroupEntity[],
  filters: CampaignRankingFilters,
): AsyncGenerator<(string | number | null)[]> {
  const { sql, parameters } = campaignRankingStatement(campaign, links, filters, { limit: null, offset: 0 });
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    await runner.query(`DECLARE campaign_ranking NO SCROLL CURSOR FOR ${sql}`, parameters);
    let position = 0;
    for (;;) {
      const rows: CampaignRankingRow[] = await runner.query(`FETCH ${FETCH_SIZE} FROM campaign_ranking`);
      for (const row of rows) {
        const entry = presentCampaignRankingEntry(row, ++position);
        yield [
          entry.position,
          entry.firstName,
          entry.lastName,
          entry.location?.name ?? null,
          entry.totalScore,
          entry.totalCorrectAnswers,
          entry.averageCompletionTime,
          ...links.flatMap((link) => [entry.bestScores[link.questionGroupId] ?? null, entry.attemptsCount[link.questionGroupId] ?? 0]),
        ];
      }
      if (rows.length < FETCH_SIZE) break;
    }
    await runner.commitTransaction();
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}
