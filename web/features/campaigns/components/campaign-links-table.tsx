import { ArrowDown, ArrowUp, Play, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CampaignLink } from '../../../../contract';
import { Button, buttonClass } from '../../../components/ui/button';
import { WeightInput } from './weight-input';

export interface CampaignLinksTableProps {
  links: CampaignLink[];
  /** Moves a trivia one place up (-1) or down (+1). */
  onMove: (link: CampaignLink, direction: -1 | 1) => void;
  onWeight: (link: CampaignLink, weight: number) => void;
  onRemove: (link: CampaignLink) => void;
  moving: boolean;
}

/** The campaign's trivias in order: move, weight, play and remove. */
export function CampaignLinksTable({ links, onMove, onWeight, onRemove, moving }: CampaignLinksTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Orden
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Trivia
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Peso
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {links.map((link, index) => (
            <tr key={link.id} data-testid="campaign-link-row">
              <td className="px-3 py-2">
                <div className="flex items-center gap-1">
                  <span className="w-6 text-center font-semibold tabular-nums" data-testid="campaign-link-order">
                    {link.order}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-1.5"
                    aria-label={`Subir ${link.questionGroup.name}`}
                    disabled={index === 0 || moving}
                    onClick={() => onMove(link, -1)}
                  >
                    <ArrowUp className="size-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-1.5"
                    aria-label={`Bajar ${link.questionGroup.name}`}
                    disabled={index === links.length - 1 || moving}
                    onClick={() => onMove(link, 1)}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </Button>
                </div>
              </td>
              <td className="px-3 py-2">
                <p className="font-medium break-words" data-testid="campaign-link-name">
                  {link.questionGroup.name}
                </p>
                {link.questionGroup.description && <p className="text-xs text-slate-500 dark:text-slate-400">{link.questionGroup.description}</p>}
              </td>
              <td className="px-3 py-2">
                <WeightInput weight={link.weight} label={`Peso de ${link.questionGroup.name}`} onCommit={(weight) => onWeight(link, weight)} />
              </td>
              <td className="px-3 py-2">
                <div className="flex justify-end gap-1">
                  <Link to={`/play-trivia/${link.questionGroupId}`} className={buttonClass('secondary', 'sm')} aria-label={`Jugar ${link.questionGroup.name}`}>
                    <Play className="size-4" aria-hidden />
                    Jugar
                  </Link>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-2 text-red-600 dark:text-red-400"
                    aria-label={`Quitar ${link.questionGroup.name}`}
                    onClick={() => onRemove(link)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
