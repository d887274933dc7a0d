import { Plus, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Campaign } from '../../../contract';
import { Button } from '../../components/ui/button';
import { ConfirmDelete } from '../../components/ui/confirm-delete';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { useCompanies } from '../../shared/companies/api/get-companies';
import { useDeleteCampaign } from './api/delete-campaign';
import { useCampaigns } from '../../shared/campaigns/api/get-campaigns';
import { CampaignCard } from './components/campaign-card';
import { CampaignFormDialog } from './components/campaign-form-dialog';
import { useCan } from '../../shared/auth/use-can';

/** /campaigns: every campaign in the user's reach as a card, with create and delete for the roles that edit content (in the companies where they do). */
export function CampaignsPage() {
  const campaigns = useCampaigns();
  const { can, canSomewhere } = useCan();
  const companies = useCompanies();
  // A new campaign goes in a company whose content the user edits.
  const editable = companies.data?.filter((company) => can('content.edit', company.id));
  const remove = useDeleteCampaign();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Campaign | null>(null);

  const createButton = (label: string) =>
    canSomewhere('content.edit') && (
      <Button icon={<Plus className="size-4" aria-hidden />} disabled={!editable?.length} onClick={() => setCreating(true)}>
        {label}
      </Button>
    );

  return (
    <div className="space-y-6">
      <PageHeader title="Administración de Campañas" description="Combina varias trivias en un ranking común." actions={createButton('Crear Campaña')} />

      {campaigns.isPending ? (
        <LoadingState label="Cargando campañas..." />
      ) : campaigns.isError ? (
        <ErrorState title="Error" message={errorText(campaigns.error)} />
      ) : campaigns.data.length === 0 ? (
        <EmptyState title="No hay campañas disponibles" icon={<Trophy className="size-10" aria-hidden />}>
          {createButton('Crear Primera Campaña')}
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {campaigns.data.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} onDelete={() => setDeleting(campaign)} />
          ))}
        </div>
      )}

      {creating && editable && (
        <CampaignFormDialog
          campaign={null}
          companies={editable}
          onClose={() => setCreating(false)}
          // A new campaign has no trivias yet, and adding them is the next thing to do: go to its editor.
          onSaved={(campaign) => navigate(`/campaigns/${campaign.id}`)}
        />
      )}

      <ConfirmDelete
        target={deleting}
        title="¿Está seguro?"
        message={(campaign) => `Esta acción eliminará permanentemente la campaña "${campaign.name}" y todos sus datos asociados.`}
        mutation={remove}
        variables={(campaign) => campaign.id}
        onDeleted={() => toast({ title: 'Campaña eliminada', variant: 'success' })}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
