import { ArrowDown, ArrowUp, Play, Trash2 } from 'lucide-react';
import type { CampaignLink, MoveDirection } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { WeightInput } from './weight-input';

export interface CampaignLinksTableProps {
  links: CampaignLink[];
  /** Moves a trivia one place up or down. */
  onMove: (link: CampaignLink, direction: MoveDirection) => void;
  onWeight: (link: CampaignLink, weight: number) => void;
  onRemove: (link: CampaignLink) => void;
  moving: boolean;
}

const reorderButton = 'px-1.5 disabled:opacity-30';

/**
 * The campaign's trivias in order: move, weight, play and remove. A table on wide screens; on
 * phones two rows each (order and name, then weight and actions), so the weight field never
 * pushes the name into half the width.
 */
export function CampaignLinksTable({ links, onMove, onWeight, onRemove, moving }: CampaignLinksTableProps) {
  const columns = 'sm:grid-cols-[7.5rem_minmax(0,1fr)_6rem_auto]';
  return (
    <div>
      <div className={`hidden gap-4 border-b border-slate-200 px-3 pb-2 text-xs font-medium tracking-wide text-slate-500 uppercase sm:grid dark:border-slate-800 dark:text-slate-400 ${columns}`} aria-hidden>
        <span>Orden</span>
        <span>Trivia</span>
        <span>Peso</span>
        <span className="text-right">Acciones</span>
      </div>
      <ol className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Trivias de la campaña">
        {links.map((link, index) => (
          <li key={link.id} data-testid="campaign-link-row" className={`grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-4 gap-y-3 px-1 py-3 sm:px-3 ${columns}`}>
            <div className="flex items-center gap-1">
              <span className="w-6 text-center font-semibold tabular-nums" data-testid="campaign-link-order">
                {link.order}
              </span>
              <Button variant="ghost" size="sm" className={reorderButton} aria-label={`Subir ${link.questionGroup.name}`} disabled={index === 0 || moving} onClick={() => onMove(link, 'up')}>
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className={reorderButton}
                aria-label={`Bajar ${link.questionGroup.name}`}
                disabled={index === links.length - 1 || moving}
                onClick={() => onMove(link, 'down')}
              >
                <ArrowDown className="size-4" aria-hidden />
              </Button>
            </div>
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <p className="font-medium break-words" data-testid="campaign-link-name">
                {link.questionGroup.name}
              </p>
              {link.questionGroup.description && <p className="text-xs break-words text-slate-500 dark:text-slate-400">{link.questionGroup.description}</p>}
            </div>
            <label className="col-span-2 flex items-center gap-2 text-sm text-slate-600 sm:col-span-1 sm:block dark:text-slate-400">
              <span className="sm:sr-only">Peso</span>
              <WeightInput weight={link.weight} label={`Peso de ${link.questionGroup.name}`} onCommit={(weight) => onWeight(link, weight)} />
            </label>
            <div className="flex justify-end gap-1">
              <ButtonLink reloadDocument to={`/play-trivia/${link.questionGroupId}`} aria-label={`Jugar ${link.questionGroup.name}`} variant="secondary" size="sm" icon={<Play className="size-4" aria-hidden />}>
                Jugar
              </ButtonLink>
              <Button variant="ghost" size="sm" className="px-2 text-red-600 dark:text-red-400" aria-label={`Quitar ${link.questionGroup.name}`} onClick={() => onRemove(link)}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
