import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { errorText } from '../../../lib/api';

export const EMPTY_RANKING = 'No hay participantes en el ranking';

/** An admin campaign ranking's states: loading, the load failure, empty, or the rows. */
export function RankingResults({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  empty: boolean;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingState label="Cargando ranking..." />;
  if (query.isError) return <ErrorState title="Error al cargar el ranking" message={errorText(query.error) || 'Error al cargar el ranking'} />;
  if (empty) return <EmptyState title={EMPTY_RANKING} />;
  return <>{children}</>;
}
