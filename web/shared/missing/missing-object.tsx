import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link';
import { ErrorState } from '../../components/ui/states';
import { ApiError } from '../../lib/api';

/** Where a screen that cannot show its object sends its reader. */
export interface WayBack {
  to: string;
  label: string;
}

const KINDS = {
  trivia: { title: 'Trivia no encontrada', noun: 'ninguna trivia' },
  campaign: { title: 'Campaña no encontrada', noun: 'ninguna campaña' },
} as const;
export type MissingKind = keyof typeof KINDS;

/** The read of the object answered 404: it does not exist, or it is beyond the user's reach (the server answers both alike). */
export const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The one "no existe" of an admin or public screen about a trivia or a campaign: never created,
 * deleted since the link was shared, or of a company the user does not work on (a screen cannot
 * tell these apart, and must not: an object out of reach looks exactly like a missing one).
 */
export function MissingObject({ kind, id, back, heading }: { kind: MissingKind; id: number; back: WayBack; heading?: 1 | 2 }) {
  const { title, noun } = KINDS[kind];
  return (
    <ErrorState heading={heading} title={title} message={`No existe ${noun} con el ID ${id}. Puede que se haya eliminado o que el enlace esté mal escrito.`}>
      <WayBackLink back={back} />
    </ErrorState>
  );
}

export function WayBackLink({ back }: { back: WayBack }) {
  return (
    <ButtonLink to={back.to} variant="secondary" className="mt-2 min-h-11" icon={<ArrowLeft className="size-4" aria-hidden />}>
      {back.label}
    </ButtonLink>
  );
}
