import { AlertTriangle } from 'lucide-react';
import { QUESTION_FLAG_LABELS, type QuestionFlag } from '../../../contract';

/** A question's flags as the organiser reads them: an icon and words each, never colour alone. */
export function QuestionFlags({ flags, small = false }: { flags: QuestionFlag[]; small?: boolean }) {
  if (flags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Avisos">
      {flags.map((flag) => (
        <li
          key={flag}
          className={`inline-flex items-center gap-1.5 rounded-full bg-amber-100 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100 ${small ? 'px-2.5 py-0.5 text-xs' : 'px-3 py-1 text-sm'}`}
        >
          <AlertTriangle className={small ? 'size-3.5' : 'size-4'} aria-hidden />
          {QUESTION_FLAG_LABELS[flag]}
        </li>
      ))}
    </ul>
  );
}
