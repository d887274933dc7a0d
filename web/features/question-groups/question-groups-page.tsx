import { FolderOpen, Plus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import type { QuestionGroup } from '../../../contract';
import { Button } from '../../components/ui/button';
import { ConfirmDelete } from '../../components/ui/confirm-delete';
import { SelectInput } from '../../components/ui/form-controls';
import { SearchInput, matchesSearch } from '../../components/ui/search-input';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { useCompanies } from '../../shared/companies/api/get-companies';
import { CopyTriviaDialog } from '../../shared/trivia-copy/copy-trivia-dialog';
import { KioskSetupDialog } from '../../shared/kiosks/kiosk-setup-button';
import { ThemeEditorDialog } from '../../shared/theme/theme-editor-dialog';
import { useClearPlayerAttempts } from './api/clear-player-attempts';
import { useDeleteGroup } from './api/delete-group';
import { useDownloadScores } from './api/download-scores';
import { useCompanyGroups } from '../../shared/question-groups/api/get-company-groups';
import { useHeldTrivias } from '../../shared/moderation/api/get-held-trivias';
import { GroupCard } from './components/group-card';
import { GroupFormDialog } from './components/group-form-dialog';
import { useSelectedCompany } from './use-selected-company';
import { useCan } from '../../shared/auth/use-can';

async function copyPlayLink(group: QuestionGroup) {
  try {
    await navigator.clipboard.writeText(`${window.location.origin}/play-trivia/${group.id}`);
    toast({ title: 'Link copiado', description: 'La URL de la trivia ha sido copiada al portapapeles', variant: 'success' });
  } catch {
    toast({ title: 'Error', description: 'No se pudo copiar la URL al portapapeles', variant: 'destructive' });
  }
}

/**
 * "Trivias" (the spec's "Grupos de Preguntas", kept as the subtitle): a company's trivias as cards,
 * with create, edit, delete and their tools for the roles that may use them in that company.
 */
export function QuestionGroupsPage() {
  const companies = useCompanies();
  const { can, canSomewhere } = useCan();
  const [companyId, selectCompany] = useSelectedCompany();
  // The chosen company, or the only one there is.
  const company = companies.data?.find((c) => c.id === companyId) ?? (companies.data?.length === 1 ? companies.data[0]! : null);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const groups = useCompanyGroups(company ? company.id : null);
  const held = useHeldTrivias();
  const remove = useDeleteGroup();
  const clear = useClearPlayerAttempts();
  const download = useDownloadScores();
  const [dialog, setDialog] = useState<{ open: boolean; groupId: number | null }>({ open: false, groupId: null });
  const [deleting, setDeleting] = useState<QuestionGroup | null>(null);
  // The trivia the theme editor ("Editar Estilos") is open for.
  const [styledGroup, setStyledGroup] = useState<QuestionGroup | null>(null);
  // The trivia "Duplicar" is open for.
  const [copiedGroup, setCopiedGroup] = useState<QuestionGroup | null>(null);
  // The trivia "Configurar kiosco" is open for.
  const [kioskGroup, setKioskGroup] = useState<QuestionGroup | null>(null);

  const editing = groups.data?.find((g) => g.id === dialog.groupId) ?? null;
  const shown = groups.data?.filter((g) => matchesSearch(query, g.name, g.description)) ?? [];

  function clearData(group: QuestionGroup) {
    const confirmed = window.confirm(
      `¿Estás seguro de que deseas eliminar todos los datos de jugadores de la trivia "${group.name}"? Esta acción no se puede deshacer.`,
    );
    if (!confirmed) return;
    clear.mutate(group.id, { onSuccess: (reply) => toast({ title: 'Datos eliminados', description: reply.message, variant: 'success' }) });
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Trivias"
        description="Grupos de preguntas de cada empresa: crea y gestiona sus trivias."
        actions={
          (company ? can('content.edit', company.id) : canSomewhere('content.edit')) && (
            <Button icon={<Plus className="size-4" aria-hidden />} disabled={!company} onClick={() => setDialog({ open: true, groupId: null })}>
              Crear Trivia
            </Button>
          )
        }
      />

      <div className="flex flex-wrap items-start gap-4">
        <div className="w-full max-w-sm">
          <SelectInput
            label="Seleccionar Empresa:"
            value={company ? String(company.id) : ''}
            disabled={companies.isPending}
            onChange={(event) => selectCompany(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{companies.isPending ? 'Cargando empresas...' : 'Selecciona una empresa'}</option>
            {companies.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectInput>
        </div>
        {company && groups.data && groups.data.length > 0 && (
          <SearchInput
            label="Buscar trivia"
            value={search}
            onChange={setSearch}
            className="w-full max-w-sm"
            result={query ? `${shown.length} de ${groups.data.length} trivias` : `${groups.data.length} trivias`}
          />
        )}
      </div>

      {companies.isError ? (
        <ErrorState title="Error" message={errorText(companies.error)} />
      ) : !company ? (
        <EmptyState title="Selecciona una empresa para ver sus trivias" icon={<FolderOpen className="size-10" aria-hidden />} />
      ) : groups.isPending ? (
        <LoadingState label="Cargando trivias..." />
      ) : groups.isError ? (
        <ErrorState title="Error" message={errorText(groups.error)} />
      ) : groups.data.length === 0 ? (
        <EmptyState title={can('content.edit', company.id) ? 'No hay trivias para esta empresa. ¡Crea una nueva!' : 'Esta empresa todavía no tiene trivias.'} />
      ) : shown.length === 0 ? (
        <EmptyState title={`Ninguna trivia coincide con "${query}"`} />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              inReview={held.countOf(group.id)}
              actions={{
                onEdit: () => setDialog({ open: true, groupId: group.id }),
                onDelete: () => setDeleting(group),
                onCopyLink: () => void copyPlayLink(group),
                onEditStyles: () => setStyledGroup(group),
                onDownloadScores: () =>
                  download.mutate(group.id, {
                    onSuccess: () => toast({ title: 'Archivo de puntajes descargado correctamente', variant: 'success' }),
                  }),
                onClearData: () => clearData(group),
                onCopyTrivia: () => setCopiedGroup(group),
                onSetUpKiosk: () => setKioskGroup(group),
                downloading: download.isPending && download.variables === group.id,
                clearing: clear.isPending && clear.variables === group.id,
              }}
            />
          ))}
        </div>
      )}

      {dialog.open && company && companies.data && (
        <GroupFormDialog
          group={editing}
          companyId={company.id}
          companies={companies.data.filter((c) => can('content.edit', c.id))}
          onClose={() => setDialog({ open: false, groupId: null })}
        />
      )}

      {kioskGroup && <KioskSetupDialog groupId={kioskGroup.id} groupName={kioskGroup.name} onClose={() => setKioskGroup(null)} />}

      {copiedGroup && <CopyTriviaDialog group={copiedGroup} onClose={() => setCopiedGroup(null)} />}

      {styledGroup && (
        <ThemeEditorDialog groupId={styledGroup.id} groupName={styledGroup.name} open onClose={() => setStyledGroup(null)} />
      )}

      <ConfirmDelete
        target={deleting}
        title="¿Eliminar la trivia?"
        message={(group) => `Se eliminará "${group.name}" junto con todas sus preguntas y respuestas (y los puntajes de sus jugadores). Esta acción no se puede deshacer.`}
        mutation={remove}
        variables={(group) => group}
        onDeleted={() => toast({ title: 'Trivia eliminada correctamente', variant: 'success' })}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
