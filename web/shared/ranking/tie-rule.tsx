import { TIE_RULES } from '../../../contract';

/** How the ranking beside it orders equal results (the big screen says it in its subtitle). */
export function TieRule({ kind }: { kind: keyof typeof TIE_RULES }) {
  return (
    <p className="mt-3 text-xs text-slate-600 dark:text-slate-400" data-testid="tie-rule">
      {TIE_RULES[kind]}
    </p>
  );
}
