import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';

/** The way back above an insights page's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700 dark:text-slate-400">
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/** An insights page that cannot open: a link with a bad id, or what it shows not found. */
export function CannotOpen({ title, validId, error, children }: { title: string; validId: boolean; error: unknown; children?: ReactNode }) {
  return <ErrorState heading={1} title={title} message={validId ? errorText(error) : 'El enlace no es válido.'}>{children}</ErrorState>;
}

interface FiguresQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * An analysis' figures as they load: loading, failed (with "Reintentar"), none under the filters
 * (said in words, never a blank chart), or the figures. The figures already shown stay while a
 * changed filter loads or fails to.
 */
export function FiguresStates({ query, hasData, empty, emptyTitle, children }: { query: FiguresQuery; hasData: boolean; empty: boolean; emptyTitle: string; children: ReactNode }) {
  if (query.isPending) return <LoadingState label="Cargando análisis..." />;
  if (query.isError && !hasData) {
    return (
      <ErrorState title="No se pudo cargar el análisis" message={errorText(query.error)}>
        <Button variant="secondary" className="mt-2" pending={query.isFetching} onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </ErrorState>
    );
  }
  if (empty) return <EmptyState title={emptyTitle} />;
  return <>{children}</>;
}
