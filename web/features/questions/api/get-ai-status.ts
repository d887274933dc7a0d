import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiStatus } from '../../../../contract';
import { api } from '../../../lib/api';

/** GET /api/ai/status: whether the server can generate questions at all. */
export const getAiStatus = () => api.get<AiStatus>('/api/ai/status');

export const aiStatusQueryOptions = () => queryOptions({ queryKey: ['ai-status'], queryFn: getAiStatus });

export const useAiStatus = (enabled: boolean) => useQuery({ ...aiStatusQueryOptions(), enabled });
