import { ArrowLeft, ListPlus, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SELECTION_MODE_LABELS, type CampaignLink, type MoveDirection } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDelete } from '../../components/ui/confirm-delete';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { useCompanies } from '../../shared/companies/api/get-companies';
import { useCompanyGroups } from '../../shared/question-groups/api/get-company-groups';
import { useBulkAddCampaignLinks } from './api/bulk-add-campaign-links';
import { useCampaign } from '../../shared/campaigns/api/get-campaign';
import { useCampaignLinks } from './api/get-campaign-links';
import { useMoveCampaignLink } from './api/move-campaign-link';
import { useRemoveCampaignLink } from './api/remove-campaign-link';
import { useUpdateCampaignWeight } from './api/update-campaign-link';
import { parseCampaignId } from './campaign-id';
import { campaignPeriod } from './campaign-period';
import { AddLinkDialog } from './components/add-link-dialog';
import { CampaignFormDialog } from './components/campaign-form-dialog';
import { CampaignLinksTable } from './components/campaign-links-table';
import { DEFAULT_WEIGHT } from './components/weight-input';
import { HeldResultsCallout } from '../../shared/moderation/held-results-callout';
import { ResultsLink } from '../../shared/moderation/results-link';
import { RoleRefusal } from '../../shared/auth/role-refusal';
import { useCan } from '../../shared/auth/use-can';
import { isMissing, MissingObject } from '../../shared/missing/missing-object';

const backLink = (
  <Link to="/campaigns" className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700 dark:text-slate-400">
    <ArrowLeft className="size-4" aria-hidden />
    Volver a Campañas
  </Link>
);

/** /campaigns/:campaignId: the campaign's details and its trivias (order, weight, add, remove). */
export function CampaignEditorPage({ params }: { params: Record<string, string | undefined> }) {
  const id = parseCampaignId(params.campaignId);
  if (id === null) return <CampaignFailure title="Campaña no encontrada" message="El enlace de la campaña no es válido." />;
  return <CampaignEditor id={id} />;
}

function CampaignFailure({ title, message }: { title: string; message: string }) {
  return (
    <div>
      {backLink}
      <ErrorState title={title} message={message} />
    </div>
  );
}

function CampaignEditor({ id }: { id: number }) {
  const campaign = useCampaign(id);
  const links = useCampaignLinks(id);
  const groups = useCompanyGroups(campaign.data?.companyId ?? null);
  const companies = useCompanies();
  const moveLink = useMoveCampaignLink(id);
  const updateWeight = useUpdateCampaignWeight(id);
  const remove = useRemoveCampaignLink(id);
  const bulk = useBulkAddCampaignLinks(id);
  const [dialog, setDialog] = useState<'none' | 'edit' | 'add'>('none');
  const [removing, setRemoving] = useState<CampaignLink | null>(null);
  const { can } = useCan();

  if (campaign.isError) {
    if (isMissing(campaign.error)) return <MissingObject kind="campaign" id={id} back={{ to: '/campaigns', label: 'Ir a las campañas' }} />;
    return <CampaignFailure title="No se pudo abrir la campaña" message={errorText(campaign.error)} />;
  }
  if (campaign.isPending) return <LoadingState label="Cargando campaña..." />;
  if (!can('content.edit', campaign.data.companyId)) {
    return (
      <div>
        {backLink}
        <RoleRefusal what="Configurar campaña" />
      </div>
    );
  }

  const linked = new Set(links.data?.map((link) => link.questionGroupId));
  const available = groups.data?.filter((group) => !linked.has(group.id)) ?? [];
  const canAdd = links.isSuccess && groups.isSuccess && available.length > 0;

  // The server owns the order: one call moves the trivia and answers the list as it now stands.
  function move(link: CampaignLink, direction: MoveDirection) {
    moveLink.mutate({ questionGroupId: link.questionGroupId, move: { direction } });
  }

  function addAll() {
    toast({ title: 'Agregando trivias', description: `Agregando ${available.length} trivias a la campaña...` });
    bulk.mutate(
      { questionGroupIds: available.map((group) => group.id), weight: DEFAULT_WEIGHT },
      {
        onSuccess: (reply) =>
          toast({
            title: 'Trivias agregadas',
            description: `Se han agregado ${reply.added} de ${reply.details.length} trivias a la campaña.`,
            variant: 'success',
          }),
      },
    );
  }

  const data = campaign.data;
  return (
    <div className="space-y-6">
      <div>
        {backLink}
        <PageHeader
          title={data.name}
          actions={
            <>
              <Button variant="secondary" disabled={!companies.data} icon={<Pencil className="size-4" aria-hidden />} onClick={() => setDialog('edit')}>
                Editar
              </Button>
              <ResultsLink subject={{ kind: 'campaign', id }} />
            </>
          }
        />
      </div>
      <HeldResultsCallout only={links.data?.map((link) => link.questionGroupId) ?? []} />

      <Card className="p-5">
        <h2 className="mb-3 font-semibold">Detalles</h2>
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Detail term="Descripción" value={data.description || 'Sin descripción'} />
          <Detail term="Periodo" value={campaignPeriod(data)} />
          <Detail term="Intentos máximos por trivia" value={String(data.maxAttemptsPerTrivia)} />
          <Detail term="Modo de selección" value={SELECTION_MODE_LABELS[data.attemptSelectionMode]} />
        </dl>
      </Card>

      <Card className="p-5">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-semibold">Trivias de la campaña</h2>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="disabled:opacity-50" disabled={!canAdd} pending={bulk.isPending} icon={<ListPlus className="size-4" aria-hidden />} onClick={addAll}>
              Agregar Todas
            </Button>
            <Button disabled={!canAdd || bulk.isPending} icon={<Plus className="size-4" aria-hidden />} onClick={() => setDialog('add')}>
              Agregar Trivia
            </Button>
          </div>
        </div>
        {links.isPending ? (
          <LoadingState label="Cargando trivias..." />
        ) : links.isError ? (
          <ErrorState title="Error" message={errorText(links.error)} />
        ) : links.data.length === 0 ? (
          <EmptyState title="Esta campaña aún no tiene trivias" />
        ) : (
          <CampaignLinksTable
            links={links.data}
            moving={moveLink.isPending}
            onMove={move}
            onWeight={(link, weight) =>
              updateWeight.mutate({ linkId: link.id, weight }, { onSuccess: () => toast({ title: 'Peso actualizado', variant: 'success' }) })
            }
            onRemove={setRemoving}
          />
        )}
      </Card>

      {dialog === 'edit' && companies.data && <CampaignFormDialog campaign={data} companies={companies.data} onClose={() => setDialog('none')} />}
      {dialog === 'add' && <AddLinkDialog campaignId={id} available={available} onClose={() => setDialog('none')} />}

      <ConfirmDelete
        target={removing}
        title="¿Quitar la trivia de la campaña?"
        message={(link) => `"${link.questionGroup.name}" dejará de contar en el ranking de esta campaña. La trivia y sus puntajes no se eliminan.`}
        confirmLabel="Quitar"
        mutation={remove}
        variables={(link) => link.questionGroupId}
        onDeleted={() => toast({ title: 'Trivia quitada de la campaña', variant: 'success' })}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{term}</dt>
      <dd className="mt-1 break-words">{value}</dd>
    </div>
  );
}
