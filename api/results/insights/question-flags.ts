import type { QuestionFlag } from '../../../contract';

/**
 * When a question is flagged (docs/decisions.md, "Insights"). No flag before `minShown` rounds
 * showed it: a handful of rounds says nothing about a question.
 */
export const FLAG_RULES = {
  minShown: 10,
  /** Facility below this: "casi nadie la acierta". */
  almostNoneCorrect: 0.2,
  /** Facility at or above this: "todos la aciertan". */
  allCorrect: 0.95,
  /** Discrimination below this: "separa poco" (0.2 is the usual floor of a fair question). */
  lowDiscrimination: 0.2,
} as const;

export interface FlagFigures {
  shown: number;
  facility: number | null;
  discrimination: number | null;
  answers: { correct: boolean; chosen: number }[];
}

/** The flags of a question's figures, in QUESTION_FLAGS order. */
export function questionFlags({ shown, facility, discrimination, answers }: FlagFigures): QuestionFlag[] {
  if (shown < FLAG_RULES.minShown || facility === null) return [];
  const flags: QuestionFlag[] = [];
  if (facility < FLAG_RULES.almostNoneCorrect) flags.push('almost-none-correct');
  if (facility >= FLAG_RULES.allCorrect) flags.push('all-correct');
  const correctChosen = Math.max(0, ...answers.filter((a) => a.correct).map((a) => a.chosen));
  if (answers.some((a) => !a.correct && a.chosen > correctChosen)) flags.push('distractor-beats-correct');
  if (answers.some((a) => a.chosen === 0)) flags.push('unchosen-answer');
  // A question nearly all get right (or wrong) cannot separate anyone: its facility flag says why.
  const extreme = flags.includes('almost-none-correct') || flags.includes('all-correct');
  if (!extreme && discrimination !== null && discrimination < FLAG_RULES.lowDiscrimination) flags.push('low-discrimination');
  return flags;
}
