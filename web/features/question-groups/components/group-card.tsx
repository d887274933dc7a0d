import { BarChart3, Building2, Copy, Download, Eraser, Eye, Link2, ListChecks, Palette, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { QuestionGroup } from '../../../../contract';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ClampedText } from '../../../components/ui/clamped-text';
import { ScreenLink } from '../../../shared/big-screen/screen-link';
import { KioskSetupButton } from '../../../shared/kiosks/kiosk-setup-button';

export interface GroupCardActions {
  onEdit: () => void;
  onDelete: () => void;
  onCopyLink: () => void;
  onEditStyles: () => void;
  onDownloadScores: () => void;
  onClearData: () => void;
  onCopyTrivia: () => void;
  downloading: boolean;
  clearing: boolean;
}

const icon = (node: ReactNode) => <span className="[&>svg]:size-4">{node}</span>;

/**
 * One trivia of /packages: the company's logo (or a placeholder), name, description (two lines,
 * the rest on demand) and every action on it, in compact rows so that a company with
 * dozens of trivias stays a page one can scan.
 */
export function GroupCard({ group, actions }: { group: QuestionGroup; actions: GroupCardActions }) {
  const logo = group.company.logoUrl;
  return (
    <Card role="article" className="flex flex-col p-4" aria-labelledby={`group-${group.id}-name`}>
      <div className="flex items-start gap-3">
        {logo ? (
          <img src={logo} alt={`Logo de ${group.company.name}`} className="size-10 shrink-0 rounded-xl border border-slate-200 bg-white object-contain dark:border-slate-700" />
        ) : (
          <span role="img" aria-label="Sin logo" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-200">
            <Building2 className="size-5" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={`group-${group.id}-name`} className="font-semibold break-words">
            {group.name}
          </h2>
          <ClampedText className="mt-0.5 text-sm text-slate-600 dark:text-slate-400" text={group.description || 'Sin descripción'} />
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <Button variant="ghost" size="sm" className="px-2" aria-label={`Editar ${group.name}`} onClick={actions.onEdit}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" className="px-2 text-red-600 dark:text-red-400" aria-label={`Eliminar ${group.name}`} onClick={actions.onDelete}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5">
        <Link to={`/packages/${group.id}/questions`} className={buttonClass('primary', 'sm')}>
          {icon(<ListChecks aria-hidden />)}
          Ver Preguntas
        </Link>
        <Button variant="secondary" size="sm" icon={icon(<Link2 aria-hidden />)} onClick={actions.onCopyLink}>
          Copiar Link
        </Button>
        <Link reloadDocument to={`/play-trivia/${group.id}`} className={buttonClass('secondary', 'sm')}>
          {icon(<Eye aria-hidden />)}
          Ver Trivia
        </Link>
        <Link to={`/ranking/${group.id}`} className={buttonClass('secondary', 'sm')}>
          {icon(<BarChart3 aria-hidden />)}
          Ver Ranking
        </Link>
        <ScreenLink kind="trivia" id={group.id} size="sm" />
        <Button variant="secondary" size="sm" icon={icon(<Palette aria-hidden />)} onClick={actions.onEditStyles}>
          Editar Estilos
        </Button>
        <Button variant="secondary" size="sm" pending={actions.downloading} icon={icon(<Download aria-hidden />)} onClick={actions.onDownloadScores}>
          Descargar Puntajes
        </Button>
        <KioskSetupButton groupId={group.id} groupName={group.name} size="sm" />
        <Button variant="secondary" size="sm" icon={icon(<Copy aria-hidden />)} onClick={actions.onCopyTrivia}>
          Duplicar
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="text-red-700 dark:text-red-300"
          pending={actions.clearing}
          icon={icon(<Eraser aria-hidden />)}
          onClick={actions.onClearData}
        >
          Limpiar Datos
        </Button>
      </div>
    </Card>
  );
}
