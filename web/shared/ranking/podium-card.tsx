import { Card } from '../../components/ui/card';
import { Podium, type PodiumEntry } from './podium';

/** What the podium needs to know of the ranking request it is drawn from. */
export interface PodiumSource {
  isPending: boolean;
  isError: boolean;
}

/**
 * The 'Podio' card beside a ranking. It follows the ranking's request: 'Cargando…' while it
 * loads, 'Aún no hay ganadores.' only for a ranking that loaded empty, and nothing at all when the
 * request failed (the ranking says so once, beside its retry button).
 */
export function PodiumCard({ state, entries }: { state: PodiumSource; entries: PodiumEntry[] }) {
  if (state.isError) return null;
  return (
    <Card className="p-5">
      <h2 className="mb-4 font-semibold">Podio</h2>
      {state.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Cargando…</p>
      ) : entries.length ? (
        <Podium entries={entries} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Aún no hay ganadores.</p>
      )}
    </Card>
  );
}
