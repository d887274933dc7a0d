import { QUESTION_KIND_LABELS, QUESTION_KINDS, TRUE_FALSE_ANSWERS, type QuestionKind } from '../../../contract';
import { RadioCards } from '../../components/ui/radio-cards';

/** What each kind is, under its name. */
const KIND_HELP: Record<QuestionKind, string> = {
  choice: 'Varias respuestas, una correcta.',
  true_false: 'Una afirmación, verdadera o falsa.',
  multiple: 'Varias respuestas, una o más correctas: acierta quien las marca todas.',
  poll: 'La opinión de cada jugador, sin respuesta correcta ni puntos; se pregunta antes de la ronda.',
};

/**
 * "Tipo de pregunta": a radio card per kind (contract/question-kinds.ts), in the question editor and
 * the AI dialog; `kinds`: the ones offered (a saved question keeps to its side of the poll line).
 */
export function QuestionKindField({
  kind,
  onChange,
  disabled = false,
  kinds = QUESTION_KINDS,
}: {
  kind: QuestionKind;
  onChange: (kind: QuestionKind) => void;
  disabled?: boolean;
  kinds?: readonly QuestionKind[];
}) {
  const options = kinds.map((value) => ({ value, label: QUESTION_KIND_LABELS[value], help: KIND_HELP[value] }));
  return <RadioCards legend="Tipo de pregunta" name="question-kind" value={kind} options={options} onChange={onChange} disabled={disabled} />;
}

/** A true/false question's answers: «Verdadero» and «Falso», fixed; the organiser picks the correct one. */
export function TrueFalseAnswers({ correctIndex, onChoose, error }: { correctIndex: number; onChoose: (index: number) => void; error: string | undefined }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">La afirmación es…</legend>
      <div className="grid grid-cols-2 gap-2">
        {TRUE_FALSE_ANSWERS.map((text, index) => (
          <label
            key={text}
            className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm font-medium ${correctIndex === index ? 'border-green-500 bg-green-50 text-green-900 dark:border-green-700 dark:bg-green-950/40 dark:text-green-100' : 'border-slate-200 text-slate-800 dark:border-slate-700 dark:text-slate-100'}`}
          >
            <input type="radio" name="true-false-correct" checked={correctIndex === index} onChange={() => onChoose(index)} className="size-4 shrink-0 accent-green-600" />
            {text}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
