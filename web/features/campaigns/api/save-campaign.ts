import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignInput } from '../../../../contract';
import { ApiError, api } from '../../../lib/api';
import { toast } from '../../../lib/toast-store';
import { CAMPAIGNS_KEY } from '../../../shared/campaigns/api/get-campaigns';

export const createCampaign = (input: CampaignInput) => api.post<Campaign>('/api/campaigns', input);
export const updateCampaign = (id: number, input: CampaignInput) => api.patch<Campaign>(`/api/campaigns/${id}`, input);

/** Create (no id) or edit a campaign; the list, the campaign and the dashboard refresh. */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CampaignInput }) => (id ? updateCampaign(id, input) : createCampaign(input)),
    // The server's message when it sent one, else the generic text.
    onError: (error, { id }) =>
      toast({
        title: 'Error',
        description: error instanceof ApiError && error.body ? error.serverMessage : id ? 'Error al actualizar la campaña' : 'Error al crear la campaña',
        variant: 'destructive',
      }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}
