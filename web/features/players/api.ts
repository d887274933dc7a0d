import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, ErasureAction, ErasureRecord, PlayerData } from '../../../contract';
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
