import { Tv } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';

/** "Pantalla": opens the big screen of a trivia or campaign in a new tab (for the booth's TV). */
export function ScreenLink({ kind, id, size, className = '' }: { kind: 'trivia' | 'campaign'; id: number; size?: 'sm'; className?: string }) {
  return (
    <a
      href={`/pantalla/${kind === 'trivia' ? 'trivia' : 'campana'}/${id}`}
      target="_blank"
      rel="noopener"
      className={`${buttonClass('secondary', size)} ${className}`}
      title="Abre la pantalla del ranking en vivo en una pestaña nueva"
    >
      <Tv className="size-4" aria-hidden />
      Pantalla
    </a>
  );
}
