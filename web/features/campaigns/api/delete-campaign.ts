import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { CAMPAIGNS_KEY } from '../../../shared/campaigns/api/get-campaigns';

/** DELETE /api/campaigns/{id}: removes the campaign and its links, never the trivias or attempts. */
export const deleteCampaign = (id: number) => api.delete<{ message: string }>(`/api/campaigns/${id}`);

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    meta: { errorTitle: 'Error', errorDescription: 'Error al eliminar la campaña' },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}
