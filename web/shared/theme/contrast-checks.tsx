import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { formatRatio } from '../../../contract/contrast';
import { themeContrastChecks, type AdjustableColorField, type ContrastCheck } from '../../../contract/theme-contrast';
import type { Theme } from '../../../contract';
import { Button } from '../../components/ui/button';

/**
 * Every colour pair of the player screen that carries text, against WCAG 2.2 AA. A failing pair
 * is allowed (the organiser decides) but shown with its ratio and a one-click colour that passes.
 */
export function ContrastChecks({ theme, onApply }: { theme: Theme; onApply: (field: AdjustableColorField, value: string) => void }) {
  const checks = themeContrastChecks(theme);
  const failing = checks.filter((c) => !c.passes);
  const passing = checks.filter((c) => c.passes);
  return (
    <section aria-labelledby="contrast-title" className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-testid="contrast-checks">
      <h4 id="contrast-title" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
        Contraste (WCAG 2.2 AA)
      </h4>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
        {failing.length === 0
          ? `Los ${checks.length} pares de colores con texto se leen bien.`
          : `${failing.length} ${failing.length === 1 ? 'par no alcanza' : 'pares no alcanzan'} el contraste mínimo: se puede guardar, pero costará leerlo.`}
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
                  {check.label}
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

function FailingPair({ check, onApply }: { check: ContrastCheck; onApply: (field: AdjustableColorField, value: string) => void }) {
  const minimum = formatRatio(check.minimum);
  return (
    <li
      className="space-y-1.5 rounded-lg border border-amber-300 bg-amber-50 p-2.5 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
      data-contrast-pair={check.id}
    >
      <p className="flex items-start gap-1.5 font-medium">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {check.label}: {check.ratio === null ? 'no medible' : formatRatio(check.ratio)} (mínimo {minimum})
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
