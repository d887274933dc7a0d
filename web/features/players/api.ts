import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, DuplicatePlayerGroup, ErasureAction, ErasureRecord, PlayerData, PlayerMergeRecord } from '../../../contract';
import { api } from '../../lib/api';

export const useDocumentTypes = () => useQuery({ queryKey: ['document-types'], queryFn: () => api.get<DocumentType[]>('/api/document-types') });

export const findPlayerData = (documentTypeId: number, documentNumber: string) =>
  api.get<PlayerData>(`/api/player-data?${new URLSearchParams({ documentTypeId: String(documentTypeId), documentNumber })}`);

export const useErasures = () => useQuery({ queryKey: ['player-erasures'], queryFn: () => api.get<ErasureRecord[]>('/api/player-erasures') });

/** Erases one player's personal data (anonymise or delete), confirmed with the document number. */
export function useErasePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, confirm }: { id: number; action: ErasureAction; confirm: string }) =>
      api.post<ErasureRecord>(`/api/player-data/${id}/erase`, { action, confirm }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['player-erasures'] }),
  });
}

/** GET /api/player-duplicates: the players one document names under the identity rule, still stored apart. */
export const useDuplicatePlayers = () => useQuery({ queryKey: ['player-duplicates'], queryFn: () => api.get<DuplicatePlayerGroup[]>('/api/player-duplicates') });

/** GET /api/player-merges: the merges made, newest first. */
export const usePlayerMerges = () => useQuery({ queryKey: ['player-merges'], queryFn: () => api.get<PlayerMergeRecord[]>('/api/player-merges') });

/** POST /api/player-merges; the duplicates, the record and everything that shows players or rankings are read again. */
export function useMergePlayers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { keepPlayerId: number; playerIds: number[] }) => api.post<PlayerMergeRecord>('/api/player-merges', input),
    meta: { errorTitle: 'No se pudieron unir los jugadores' },
    onSuccess: () =>
      Promise.all(
        [['player-duplicates'], ['player-merges'], ['player-name-changes'], ['ranking'], ['held-attempts'], ['campaign-ranking'], ['public-campaign-ranking']].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
