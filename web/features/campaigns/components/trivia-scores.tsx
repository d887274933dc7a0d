import type { CampaignLink } from '../../../../contract';
import { LoadMore } from '../../../shared/ranking/load-more';
import { useCampaignRanking, type CampaignRankingFilters } from '../api/get-campaign-ranking';
import { formatScore } from '../../../lib/format';
import { RankingResults } from './ranking-results';

/**
 * One trivia's tab: the players with a score for it, ranked by the server on that score (then its
 * time) page by page, with their attempt counts. Read once the tab is first opened.
 */
export function TriviaScores({
  campaignId,
  link,
  filters,
  opened,
}: {
  campaignId: number;
  link: CampaignLink;
  filters: CampaignRankingFilters;
  opened: boolean;
}) {
  const key = String(link.questionGroupId);
  const { query, entries: scored, more } = useCampaignRanking({ campaignId, audience: 'admin', questionGroupId: link.questionGroupId }, filters, opened);
  return (
    <div className="space-y-3">
      <div>
        <h3 className="font-semibold break-words">{link.questionGroup.name}</h3>
        <p className="text-sm text-slate-500 dark:text-slate-400">Peso {link.weight}</p>
      </div>
      <RankingResults query={query} empty={scored.length === 0}>
        <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase dark:bg-slate-800/50 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  #
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Jugador
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Puntaje
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Intentos
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {scored.map((entry) => (
                <tr key={entry.playerId} data-testid="trivia-score-row">
                  <td className="px-3 py-2 font-semibold tabular-nums" data-testid="trivia-score-position">
                    {entry.position}
                  </td>
                  <td className="px-3 py-2">
                    <p className="font-medium" data-testid="trivia-score-name">
                      {entry.firstName} {entry.lastName}
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">{entry.location?.name ?? 'Sin sede'}</p>
                  </td>
                  <td className="px-3 py-2 text-right font-semibold tabular-nums" data-testid="trivia-score">
                    {formatScore(entry.bestScores[key]!)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums" data-testid="trivia-attempts">
                    {entry.attemptsCount[key] ?? 0}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <LoadMore {...more} />
      </RankingResults>
    </div>
  );
}
