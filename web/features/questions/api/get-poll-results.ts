import { useQuery } from '@tanstack/react-query';
import type { PollResults } from '../../../../contract';
import { api } from '../../../lib/api';

/** A trivia's poll results (public: the player screen and the big screen read them too). */
export const usePollResults = (groupId: number, enabled = true) =>
  useQuery({ queryKey: ['question-groups', groupId, 'polls'], queryFn: () => api.get<PollResults>(`/api/play/${groupId}/polls`), enabled });
