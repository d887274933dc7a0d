import { useEffect, useState } from 'react';
import type { PasswordOwner } from '../../../contract';
import type { PasswordVerdict, passwordVerdict } from '../../../contract/password-strength';

interface PasswordRule {
  passwordVerdict: typeof passwordVerdict;
}

// The rule's module carries zxcvbn's dictionaries (about a megabyte): fetched once, and only by the
// pages with a new-password field, never on the admin's first load.
let loading: Promise<PasswordRule> | undefined;
const loadPasswordRule = () => (loading ??= import('../../../contract/password-strength'));

/**
 * The password rule's verdict on `password` for its `owner` (contract/password-strength.ts, the
 * one the server applies), once the rule has loaded; undefined before, and for an empty field.
 */
export function usePasswordVerdict(password: string, owner: PasswordOwner): PasswordVerdict | undefined {
  const [rule, setRule] = useState<PasswordRule>();
  useEffect(() => {
    let current = true;
    void loadPasswordRule().then((loaded) => current && setRule(loaded));
    return () => {
      current = false;
    };
  }, []);
  if (!rule || !password) return undefined;
  return rule.passwordVerdict(password, owner);
}

const SCORE_LABELS = ['Muy débil', 'Débil', 'Regular', 'Buena', 'Muy buena'] as const;
const FILLED = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-emerald-600', 'bg-emerald-600'] as const;
const LABEL_TONE = ['text-red-700 dark:text-red-300', 'text-red-700 dark:text-red-300', 'text-amber-800 dark:text-amber-300', 'text-emerald-800 dark:text-emerald-300', 'text-emerald-800 dark:text-emerald-300'] as const;

/**
 * "Seguridad": four bars and a word for the verdict's score (two bars or fewer are refused), and
 * what would make the password harder to guess (`showAdvice`: not while the field's error says it).
 * Announced politely as the person types.
 */
export function PasswordStrengthMeter({ verdict, showAdvice }: { verdict: PasswordVerdict | undefined; showAdvice: boolean }) {
  const score = verdict?.score ?? 0;
  const label = verdict ? SCORE_LABELS[score] : 'Escribe una contraseña';
  return (
    <div className="space-y-1.5" data-testid="password-strength">
      <div
        role="meter"
        aria-label="Seguridad de la contraseña"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={label}
        className="grid grid-cols-4 gap-1.5"
      >
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={`h-1.5 rounded-full ${verdict && score >= bar ? FILLED[score] : 'bg-slate-200 dark:bg-slate-700'}`} />
        ))}
      </div>
      <p className="text-xs" aria-live="polite">
        <span className="text-slate-600 dark:text-slate-400">Seguridad: </span>
        <strong className={verdict ? LABEL_TONE[score] : 'font-normal text-slate-600 dark:text-slate-400'} data-testid="password-strength-label">
          {label}
        </strong>
        {showAdvice && verdict?.advice && <span className="text-slate-600 dark:text-slate-400"> · {verdict.advice}</span>}
      </p>
    </div>
  );
}
