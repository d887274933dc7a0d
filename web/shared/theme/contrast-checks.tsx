import { AlertTriangle, CheckCircle2, OctagonAlert } from 'lucide-react';
import { formatRatio } from '../../../contract/contrast';
import { themeContrastChecks, type AdjustableColorField, type ContrastCheck } from '../../../contract/theme-contrast';
import { CONTRAST_PAIR_LABELS } from '../../../contract/theme-contrast-labels';
import type { Theme } from '../../../contract';
import { Button } from '../../components/ui/button';

/**
 * Every colour pair of the player screen that carries text or a mark, against WCAG 2.2 AA, each
 * failing one with its ratio and a one-click colour that passes. A failing load-bearing pair (text
 * a player must read) keeps the theme from being saved; a failing mark is a warning.
 */
export function ContrastChecks({ theme, onApply }: { theme: Theme; onApply: (field: AdjustableColorField, value: string) => void }) {
  const checks = themeContrastChecks(theme);
  const failing = checks.filter((c) => !c.passes);
  const blocking = failing.filter((c) => c.loadBearing).length;
  const passing = checks.filter((c) => c.passes);
  return (
    <section aria-labelledby="contrast-title" className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-testid="contrast-checks">
      <h4 id="contrast-title" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
        Contraste (WCAG 2.2 AA)
      </h4>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
        {failing.length === 0 ? `Los ${checks.length} pares de colores con texto se leen bien.` : summary(failing.length, blocking)}
      </p>
      {failing.length > 0 && (
        <ul className="space-y-2">
          {failing.map((check) => (
            <FailingPair key={check.id} check={check} onApply={onApply} />
          ))}
        </ul>
      )}
      {passing.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700 dark:text-slate-200">Pares que cumplen ({passing.length})</summary>
          <ul className="mt-2 space-y-1">
            {passing.map((check) => (
              <li key={check.id} className="flex items-start justify-between gap-2 text-slate-700 dark:text-slate-200" data-contrast-pair={check.id}>
                <span className="flex items-start gap-1.5">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
                  {CONTRAST_PAIR_LABELS[check.id]}
                </span>
                <span className="shrink-0 tabular-nums">{check.ratio === null ? 'no medible' : formatRatio(check.ratio)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function summary(failing: number, blocking: number): string {
  const count = (n: number) => `${n} ${n === 1 ? 'par no alcanza' : 'pares no alcanzan'}`;
  if (blocking === 0) return `${count(failing)} el contraste mínimo: se puede guardar, pero costará distinguirlo.`;
  const warnings = failing - blocking;
  return `${count(blocking)} el contraste mínimo en texto que los jugadores deben leer: no se puede guardar hasta corregirlo.${warnings > 0 ? ` Además, ${warnings} ${warnings === 1 ? 'aviso' : 'avisos'}.` : ''}`;
}

function FailingPair({ check, onApply }: { check: ContrastCheck; onApply: (field: AdjustableColorField, value: string) => void }) {
  const minimum = formatRatio(check.minimum);
  return (
    <li
      className={
        check.loadBearing
          ? 'space-y-1.5 rounded-lg border border-red-300 bg-red-50 p-2.5 text-sm text-red-950 dark:border-red-700 dark:bg-red-950/40 dark:text-red-50'
          : 'space-y-1.5 rounded-lg border border-amber-300 bg-amber-50 p-2.5 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50'
      }
      data-contrast-pair={check.id}
      data-blocks-saving={check.loadBearing}
    >
      <p className="flex items-start gap-1.5 font-medium">
        {check.loadBearing ? <OctagonAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> : <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />}
        <span>
          {CONTRAST_PAIR_LABELS[check.id]}: {check.ratio === null ? 'no medible' : formatRatio(check.ratio)} (mínimo {minimum}).{' '}
          {check.loadBearing ? 'Impide guardar.' : 'Aviso: se puede guardar.'}
        </span>
      </p>
      {check.suggestion && (
        <Button variant="secondary" size="sm" onClick={() => onApply(check.field, check.suggestion!)}>
          <span className="inline-block size-3.5 rounded-sm border border-slate-400" style={{ background: check.suggestion }} aria-hidden />
          Usar {check.suggestion}
        </Button>
      )}
    </li>
  );
}
