import { ErrorState } from '../../components/ui/states';
import { MissingObject, WayBackLink, type WayBack } from '../../shared/missing/missing-object';

export type { WayBack };

export const PUBLIC_WAY_BACK: WayBack = { to: '/', label: 'Volver al inicio' };
export const ADMIN_WAY_BACK: WayBack = { to: '/packages', label: 'Ir a las trivias' };

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
  return <MissingObject kind="trivia" id={id} back={back} heading={heading} />;
}
