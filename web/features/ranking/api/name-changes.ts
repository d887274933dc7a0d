import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlayerNameChange } from '../../../../contract';
import { api } from '../../../lib/api';

/** GET /api/player-name-changes (admin): names registrations brought that were not applied, newest first. */
export const getNameChanges = () => api.get<PlayerNameChange[]>('/api/player-name-changes');

export const nameChangesQueryOptions = () => queryOptions({ queryKey: ['player-name-changes'], queryFn: getNameChanges });

export const useNameChanges = () => useQuery(nameChangesQueryOptions());

/** POST /api/player-name-changes/{id}/apply: the player takes the recorded name. */
export const applyNameChange = (id: number) => api.post<PlayerNameChange>(`/api/player-name-changes/${id}/apply`);

/** Applying a name change; the list and every ranking (which shows player names) are read again. */
export function useApplyNameChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => applyNameChange(id),
    meta: { errorTitle: 'No se pudo aplicar el cambio de nombre' },
    onSuccess: () =>
      Promise.all(
        [['player-name-changes'], ['ranking'], ['held-attempts'], ['campaign-ranking'], ['public-campaign-ranking']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
