import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HeldTrivia } from '../../../../contract';
import { api } from '../../../lib/api';
import { useCan } from '../../auth/use-can';

/** The key every screen that shows "N en revisión" reads; a decision on held results invalidates it. */
export const HELD_TRIVIAS_KEY = ['held-trivias'] as const;

/** GET /api/player-attempts/held/trivias (admin): the trivias with results held for review and how many. */
export const getHeldTrivias = () => api.get<HeldTrivia[]>('/api/player-attempts/held/trivias');

/** Refetched on every visit: results are held as kiosks sync, whatever this screen did. */
const heldTriviasQueryOptions = () => queryOptions({ queryKey: HELD_TRIVIAS_KEY, queryFn: getHeldTrivias, refetchOnMount: 'always' });

/**
 * The trivias with results waiting for review, most first, and `countOf(id)` (0 when none): read
 * only when `enabled` and the user reviews held results somewhere (the public and a viewer never
 * ask), and only those of companies where they do.
 */
export function useHeldTrivias(enabled = true) {
  const { can, canSomewhere } = useCan();
  const query = useQuery({ ...heldTriviasQueryOptions(), enabled: enabled && canSomewhere('review.decide') });
  const trivias = (query.data ?? []).filter((trivia) => can('review.decide', trivia.company.id));
  const counts = new Map(trivias.map((trivia) => [trivia.questionGroupId, trivia.count]));
  return { query, trivias, countOf: (questionGroupId: number) => counts.get(questionGroupId) ?? 0 };
}
