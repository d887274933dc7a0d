import { BarChart3, Building2, ChartColumn, Copy, Download, Eraser, Eye, Link2, ListChecks, MonitorCog, Palette, Pencil, Trash2, Tv } from 'lucide-react';
import type { QuestionGroup } from '../../../../contract';
import { ActionsMenu, ActionsMenuButton, ActionsMenuLink, ActionsMenuSeparator } from '../../../components/ui/actions-menu';
import { ButtonLink } from '../../../components/ui/button-link';
import { Card } from '../../../components/ui/card';
import { ClampedText } from '../../../components/ui/clamped-text';
import { ResultsLink } from '../../../shared/moderation/results-link';
import { useCan } from '../../../shared/auth/use-can';

export interface GroupCardActions {
  onEdit: () => void;
  onDelete: () => void;
  onCopyLink: () => void;
  onEditStyles: () => void;
  onDownloadScores: () => void;
  onClearData: () => void;
  onCopyTrivia: () => void;
  onSetUpKiosk: () => void;
  downloading: boolean;
  clearing: boolean;
}

/** Why "Copiar Link" cannot work here, or null when it can (the clipboard needs a secure page). */
function clipboardBlocked(): string | null {
  return window.isSecureContext && navigator.clipboard ? null : 'Este navegador no deja copiar en esta página (necesita HTTPS)';
}

/**
 * One trivia of /packages: the company's logo (or a placeholder), name, description (two lines,
 * the rest on demand), the actions an organiser uses most ("Ver Preguntas", the public "Ver
 * Ranking", and "Resultados", the admin ranking, with how many results wait in review) and the rest
 * behind "Más acciones", so that a company with dozens of trivias stays a page one can scan. Each
 * action only for the roles that may use it in the trivia's company (a role that does not edit
 * content has "Análisis" where "Ver Preguntas", the answer key, would be).
 */
export function GroupCard({ group, inReview, actions }: { group: QuestionGroup; inReview: number; actions: GroupCardActions }) {
  const { can } = useCan();
  const edits = can('content.edit', group.companyId);
  const exportsPeople = can('exports.people', group.companyId);
  const deletesResults = can('results.delete', group.companyId);
  const logo = group.company.logoUrl;
  const copyBlocked = clipboardBlocked();
  return (
    <Card role="article" className="flex min-w-0 flex-col p-3 min-[400px]:p-4" aria-labelledby={`group-${group.id}-name`}>
      {/* Under 300 px (a phone at 200 % zoom) the name takes a row of its own below the logo and the menu, so no word of it breaks. */}
      <div className="flex items-start gap-3 max-[300px]:flex-wrap">
        {logo ? (
          <img src={logo} alt={`Logo de ${group.company.name}`} className="size-10 shrink-0 rounded-xl border border-slate-200 bg-white object-contain dark:border-slate-700" />
        ) : (
          <span role="img" aria-label="Sin logo" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-200">
            <Building2 className="size-5" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1 max-[300px]:order-last max-[300px]:basis-full">
          <h2 id={`group-${group.id}-name`} className="font-semibold break-words">
            {group.name}
          </h2>
          <ClampedText className="mt-0.5 text-sm text-slate-600 dark:text-slate-400" text={group.description || 'Sin descripción'} />
        </div>
        <div className="-mt-1 -mr-2 max-[300px]:ml-auto">
          <ActionsMenu name={group.name}>
            {edits && (
              <>
                <ActionsMenuButton icon={<Pencil aria-hidden />} onSelect={actions.onEdit}>
                  Editar
                </ActionsMenuButton>
                <ActionsMenuButton icon={<Palette aria-hidden />} onSelect={actions.onEditStyles}>
                  Editar Estilos
                </ActionsMenuButton>
                <ActionsMenuButton icon={<Copy aria-hidden />} onSelect={actions.onCopyTrivia}>
                  Duplicar
                </ActionsMenuButton>
                <ActionsMenuSeparator />
              </>
            )}
            <ActionsMenuButton icon={<Link2 aria-hidden />} onSelect={actions.onCopyLink} disabledReason={copyBlocked ?? undefined}>
              Copiar Link
            </ActionsMenuButton>
            {/* The player app is a document of its own: a full page load. */}
            <ActionsMenuLink icon={<Eye aria-hidden />} href={`/play-trivia/${group.id}`}>
              Ver Trivia
            </ActionsMenuLink>
            {can('devices.manage', group.companyId) && (
              <ActionsMenuButton icon={<MonitorCog aria-hidden />} onSelect={actions.onSetUpKiosk}>
                Configurar kiosco
              </ActionsMenuButton>
            )}
            <ActionsMenuLink icon={<Tv aria-hidden />} href={`/pantalla/trivia/${group.id}`} newTab title="Abre la pantalla del ranking en vivo en una pestaña nueva">
              Pantalla
            </ActionsMenuLink>
            {(exportsPeople || deletesResults || edits) && <ActionsMenuSeparator />}
            {exportsPeople && (
              <ActionsMenuButton
                icon={<Download aria-hidden />}
                onSelect={actions.onDownloadScores}
                disabledReason={actions.downloading ? 'Descargando los puntajes…' : undefined}
              >
                Descargar Puntajes
              </ActionsMenuButton>
            )}
            {deletesResults && (
              <ActionsMenuButton
                icon={<Eraser aria-hidden />}
                danger
                onSelect={actions.onClearData}
                disabledReason={actions.clearing ? 'Borrando los datos de jugadores…' : undefined}
              >
                Limpiar Datos
              </ActionsMenuButton>
            )}
            {edits && (
              <ActionsMenuButton icon={<Trash2 aria-hidden />} danger onSelect={actions.onDelete}>
                Eliminar
              </ActionsMenuButton>
            )}
          </ActionsMenu>
        </div>
      </div>
      {/* At the card's foot, so the buttons of a row of cards line up. Three cards a row (xl) leave
          room for the three buttons on one line only without their icons. */}
      <div className="mt-auto flex flex-wrap gap-1.5 pt-3 xl:[&>a>svg]:hidden">
        {edits ? (
          <ButtonLink to={`/packages/${group.id}/questions`} size="sm" icon={<ListChecks className="size-4" aria-hidden />}>
            Ver Preguntas
          </ButtonLink>
        ) : (
          can('analysis.view', group.companyId) && (
            <ButtonLink to={`/packages/${group.id}/analysis`} size="sm" icon={<ChartColumn className="size-4" aria-hidden />}>
              Análisis
            </ButtonLink>
          )
        )}
        <ButtonLink to={`/ranking/${group.id}`} variant="secondary" size="sm" icon={<BarChart3 className="size-4" aria-hidden />}>
          Ver Ranking
        </ButtonLink>
        <ResultsLink subject={{ kind: 'trivia', id: group.id }} inReview={inReview} size="sm" />
      </div>
    </Card>
  );
}
