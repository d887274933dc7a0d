import type { CampaignRankingEntry } from '../../../contract';
import type { CampaignQuestionGroupEntity } from '../../../db/entities';

/**
 * The ranking's columns, then a score and an attempt count for each trivia in the campaign's order.
 * The player's whole name comes first, in one column; the first and last name after it are the
 * parts registration derived from it (players/service.ts `nameParts`: the first word, the rest).
 */
export function campaignRankingHeader(links: CampaignQuestionGroupEntity[]): string[] {
  return [
    'Posición',
    'Nombre completo',
    'Nombre',
    'Apellido',
    'Sede',
    'Puntos totales',
    'Respuestas correctas',
    'Tiempo promedio (segundos)',
    ...links.flatMap((link) => [`${link.questionGroup.name} - Puntaje`, `${link.questionGroup.name} - Intentos`]),
  ];
}

/** The campaign ranking's entries (the same the ranking screens show) as export rows. */
export async function* campaignRankingRows(
  links: CampaignQuestionGroupEntity[],
  entries: AsyncIterable<CampaignRankingEntry>,
): AsyncGenerator<(string | number | null)[]> {
  for await (const entry of entries) {
    yield [
      entry.position,
      [entry.firstName, entry.lastName].filter(Boolean).join(' '),
      entry.firstName,
      entry.lastName,
      entry.location?.name ?? null,
      entry.totalScore,
      entry.totalCorrectAnswers,
      entry.averageCompletionTime,
      ...links.flatMap((link) => [entry.bestScores[link.questionGroupId] ?? null, entry.attemptsCount[link.questionGroupId] ?? 0]),
    ];
  }
}
