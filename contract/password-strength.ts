import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as spanishDictionary, translations } from '@zxcvbn-ts/language-es-es';
import { PASSWORD_MIN_SCORE, passwordProblem, passwordUserInputs, type PasswordOwner } from './accounts';

/**
 * The whole password rule, one owner for the server and the screens: `passwordProblem` (length,
 * not the username), then zxcvbn's score against its common and Spanish word lists and the person's
 * own words (`passwordUserInputs`). Its dictionaries weigh about a megabyte, so this module is not
 * in the contract's barrel: the API imports it, the admin's new-password fields load it lazily
 * (web/features/accounts/password-strength.tsx), and the player's build never reaches it.
 */

const estimator = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...spanishDictionary },
  graphs: adjacencyGraphs,
  translations,
});

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordVerdict {
  /** zxcvbn's estimate: 0 (guessed at once) to 4 (very unlikely to be guessed). */
  score: PasswordScore;
  /** Why the password is refused, in Spanish; null when it passes the rule. */
  problem: string | null;
  /** What would make it stronger (zxcvbn's warning and first suggestion), for the meter. */
  advice: string | null;
}

export function passwordVerdict(password: string, owner: PasswordOwner): PasswordVerdict {
  const result = estimator.check(password, passwordUserInputs(owner));
  const score = result.score as PasswordScore;
  const advice = [result.feedback.warning, result.feedback.suggestions[0]].filter(Boolean).join(' ') || null;
  const tooWeak = score < PASSWORD_MIN_SCORE ? `Esta contraseña es fácil de adivinar.${advice ? ` ${advice}` : ' Usa varias palabras poco comunes.'}` : null;
  return { score, problem: passwordProblem(password, owner.username) ?? tooWeak, advice };
}
