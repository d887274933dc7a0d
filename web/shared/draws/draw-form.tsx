import { Dices } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MAX_DRAW_PRIZES, type DrawRecord, type DrawRequest, type Scoring } from '../../../contract';
import { Button } from '../../components/ui/button';
import { TextInput } from '../../components/ui/field';
import { Checkbox, SelectInput } from '../../components/ui/form-controls';
import { errorText } from '../../lib/api';
import { useDrawSites, useRunDraw, type DrawSubject } from './api/draws';

/**
 * "Nuevo sorteo": how many prizes and the eligibility filters (minimum score, site, dates, one
 * entry per player, leave out past winners). No seed: the server always draws it at random. The
 * server's refusal (fewer eligible players than prizes, a bad filter) is shown under the form, in
 * its words.
 */
export function DrawForm({
  subject,
  companyId,
  scoring,
  onDrawn,
}: {
  subject: DrawSubject;
  companyId?: number;
  /** A trivia's scoring: the minimum score is in points or in %; a campaign's is a percentage of each trivia's best round. */
  scoring?: Scoring;
  onDrawn: (draw: DrawRecord) => void;
}) {
  const run = useRunDraw(subject);
  const sites = useDrawSites(companyId);
  const [prizes, setPrizes] = useState('1');
  const [minScore, setMinScore] = useState('');
  const [locationId, setLocationId] = useState('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [onePerPlayer, setOnePerPlayer] = useState(true);
  const [excludePastWinners, setExcludePastWinners] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request: DrawRequest = {
      prizes: Number(prizes),
      filters: {
        minScore: minScore.trim() === '' ? null : Number(minScore),
        locationId: locationId === '' ? null : Number(locationId),
        dateFrom: dateFrom || null,
        dateTo: dateTo || null,
        onePerPlayer,
        excludePastWinners,
      },
    };
    run.mutate(request, { onSuccess: onDrawn });
  };

  return (
    <form className="space-y-4" onSubmit={submit} aria-labelledby="draw-form-title" noValidate>
      <h3 id="draw-form-title" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        Nuevo sorteo
      </h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextInput label="Premios" type="number" min={1} max={MAX_DRAW_PRIZES} inputMode="numeric" value={prizes} onChange={(e) => setPrizes(e.target.value)} required />
        <TextInput label="Puntuación mínima" type="number" min={0} inputMode="numeric" value={minScore} onChange={(e) => setMinScore(e.target.value)} hint={`${scoring === 'points' ? 'En puntos' : 'En %'}. Vacío: cualquiera`} />
        <SelectInput label="Sede" value={locationId} onChange={(e) => setLocationId(e.target.value)}>
          <option value="">Todas las sedes</option>
          {sites.data?.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </SelectInput>
        <TextInput label="Desde" type="date" value={dateFrom} onChange={(e) => setDateFrom(e.target.value)} />
        <TextInput label="Hasta" type="date" value={dateTo} onChange={(e) => setDateTo(e.target.value)} />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <Checkbox label="Una participación por jugador" checked={onePerPlayer} onChange={(e) => setOnePerPlayer(e.target.checked)} hint="Sin marcar, cada intento es una participación" />
        <Checkbox label="Excluir ganadores anteriores" checked={excludePastWinners} onChange={(e) => setExcludePastWinners(e.target.checked)} hint="De esta trivia o campaña" />
      </div>
      {run.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset dark:bg-red-400/10 dark:text-red-200 dark:ring-red-400/25">
          {errorText(run.error)}
        </p>
      )}
      <Button type="submit" pending={run.isPending} icon={<Dices className="size-4" aria-hidden />}>
        Sortear
      </Button>
    </form>
  );
}
