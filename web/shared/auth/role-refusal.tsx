import { ArrowLeft, ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CompanyAction } from '../../../contract';
import { ButtonLink } from '../../components/ui/button-link';
import { useCan } from './use-can';

/**
 * A screen reached by its address that the user's role cannot use: said plainly, as the screen's
 * heading, with the way home, rather than a page of refused requests. `what` names the screen.
 */
export function RoleRefusal({ what, heading = 1 }: { what: string; heading?: 1 | 2 }) {
  const Title = `h${heading}` as const;
  return (
    <section
      role="status"
      className="flex flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center dark:border-slate-800 dark:bg-slate-900"
    >
      <ShieldOff className="size-8 text-slate-500 dark:text-slate-400" aria-hidden />
      <Title className="text-xl font-semibold break-words">{what}: no disponible para tu rol</Title>
      <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">
        Tu rol no permite usar esta pantalla. Si la necesitas, pídele a un propietario de Triviando que cambie tu rol.
      </p>
      <ButtonLink to="/" variant="secondary" className="mt-2 min-h-11" icon={<ArrowLeft className="size-4" aria-hidden />}>
        Volver al inicio
      </ButtonLink>
    </section>
  );
}

/** A screen only for roles that have `action` on some company: the screen itself, or the refusal. */
export function ScreenFor({ action, what, children }: { action: CompanyAction; what: string; children: ReactNode }) {
  const { canSomewhere } = useCan();
  return canSomewhere(action) ? children : <RoleRefusal what={what} />;
}
