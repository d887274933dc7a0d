import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ActivityQuery, AnalysisQuery, CampaignAnalysis, ImportFormat, CampaignAnalysisQuery, PlayerHistory, TriviaActivity } from '../../../contract';
import { api } from '../../lib/api';
import { searchOf } from '../../lib/search-params';
import { downloadFile } from '../../lib/download';

/** The analysis under the screen's filters as a file (XLSX: a sheet per view; CSV: a row per answer). */
export const useDownloadAnalysis = (groupId: number, filters: AnalysisQuery) =>
  useMutation({
    mutationFn: (format: ImportFormat) => downloadFile(`/api/question-groups/${groupId}/analysis/export?${searchOf({ ...filters, format })}`, `analisis.${format}`),
    meta: { errorTitle: 'Error al exportar el análisis' },
  });

export const getTriviaActivity = (groupId: number, filters: ActivityQuery) =>
  api.get<TriviaActivity>(`/api/question-groups/${groupId}/activity?${searchOf(filters)}`);

export const useTriviaActivity = (groupId: number, filters: ActivityQuery, enabled = true) =>
  useQuery({
    queryKey: ['question-groups', groupId, 'activity', filters],
    queryFn: () => getTriviaActivity(groupId, filters),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Read afresh each time the page opens: results, reviews and erasures change it from anywhere. */
export const usePlayerHistory = (playerId: number, enabled = true) =>
  useQuery({
    queryKey: ['players', playerId, 'history'],
    queryFn: () => api.get<PlayerHistory>(`/api/players/${playerId}/history`),
    staleTime: 0,
    enabled,
  });

/** Read afresh each time the page opens or its filter changes: results arrive from every kiosk. */
export const useCampaignAnalysis = (campaignId: number, filters: CampaignAnalysisQuery, enabled = true) =>
  useQuery({
    queryKey: ['campaigns', campaignId, 'analysis', filters],
    queryFn: () => api.get<CampaignAnalysis>(`/api/campaigns/${campaignId}/analysis?${searchOf(filters)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
