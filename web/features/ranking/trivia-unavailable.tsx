import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link';
import { ErrorState } from '../../components/ui/states';

/** Where a ranking that cannot be shown sends its reader: the public start, or the admin's trivias. */
export interface WayBack {
  to: string;
  label: string;
}

export const PUBLIC_WAY_BACK: WayBack = { to: '/', label: 'Volver al inicio' };
export const ADMIN_WAY_BACK: WayBack = { to: '/packages', label: 'Ir a las trivias' };

function WayBackLink({ back }: { back: WayBack }) {
  return (
    <ButtonLink to={back.to} variant="secondary" className="mt-2 min-h-11" icon={<ArrowLeft className="size-4" aria-hidden />}>
      {back.label}
    </ButtonLink>
  );
}

/** A ranking address whose id is not a trivia id at all ('/ranking/abc'). */
export function InvalidTriviaId({ back, heading }: { back: WayBack; heading?: 1 | 2 }) {
  return (
    <ErrorState heading={heading} title="ID de trivia no válido" message="El enlace del ranking debe terminar en el número de la trivia, por ejemplo /ranking/12.">
      <WayBackLink back={back} />
    </ErrorState>
  );
}

/** A ranking of a trivia that does not exist (never created, or deleted since the link was shared). */
export function TriviaNotFound({ id, back, heading }: { id: number; back: WayBack; heading?: 1 | 2 }) {
  return (
    <ErrorState heading={heading} title="Trivia no encontrada" message={`No existe ninguna trivia con el ID ${id}. Puede que se haya eliminado o que el enlace esté mal escrito.`}>
      <WayBackLink back={back} />
    </ErrorState>
  );
}
