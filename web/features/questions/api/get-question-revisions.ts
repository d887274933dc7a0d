import { useQuery } from '@tanstack/react-query';
import type { QuestionTextRevision } from '../../../../contract';
import { api } from '../../../lib/api';

/** The texts a question had before, newest first; under its trivia's key, so a save refreshes them. */
export const useQuestionRevisions = (groupId: number, questionId: number | undefined) =>
  useQuery({
    queryKey: ['question-groups', groupId, 'questions', questionId, 'revisions'],
    queryFn: () => api.get<QuestionTextRevision[]>(`/api/questions/${questionId}/revisions`),
    enabled: questionId !== undefined,
    staleTime: 0,
  });
