import { Button } from '../../components/ui/button';

/** Under a ranking: how many rows are shown of how many, and 'Cargar más' while some are left. */
export function LoadMore({ shown, total, hasMore, loading, onLoadMore }: { shown: number; total: number; hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-500 tabular-nums dark:text-slate-400" data-testid="ranking-count">
        Mostrando {shown} de {total}
      </p>
      {hasMore && (
        <Button variant="secondary" pending={loading} onClick={onLoadMore}>
          Cargar más
        </Button>
      )}
    </div>
  );
}
