import { CheckCircle2, CircleAlert, Lock, Timer, Trophy } from 'lucide-react';
import { useId, useState } from 'react';
import { clockRule } from '../../../contract/question-clock';
import { useFocusOnMount } from '../use-focus-on-mount';

const DEFAULT_RULES = [
  { icon: CheckCircle2, text: 'Lee cada pregunta con atención antes de responder.' },
  { icon: Lock, text: 'Una vez elegida una respuesta, no podrás cambiarla.' },
  { icon: Trophy, text: 'Al final verás tu puntaje total.' },
];

export const NO_QUESTIONS_MESSAGE = 'Esta trivia aún no tiene preguntas.';

export interface InstructionsStepProps {
  /** The full name on a kiosk of the trivia or as the player typed it; a phone's short form ("Ana M.") for a player it was told of. */
  playerName: string;
  instructions: string | null;
  /** False when the trivia has nothing to play yet: the rules give way to a clear message. */
  hasQuestions: boolean;
  /** The clock of each question a round may show, in seconds (null: none); with none timed, nothing is said of time. */
  clocks: (number | null)[];
  /** `extraTime`: the player asked for more time (every clock of the round doubles). */
  onStart: (extraTime: boolean) => void;
  onBack: () => void;
}

export function InstructionsStep({ playerName, instructions, hasQuestions, clocks, onStart, onBack }: InstructionsStepProps) {
  const [extraTime, setExtraTime] = useState(false);
  const extraTimeId = useId();
  const rule = clockRule(clocks, extraTime);
  // Stored sanitised: the server passes every trivia's instructions through its allow-list when
  // they are saved (api/content/question-groups/instructions.ts), and the bundle carries them as stored.
  const html = instructions?.trim() ?? '';
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="space-y-6 text-center" data-step="instructions">
      <span className="player-badge inline-block rounded-full px-4 py-1 text-sm font-bold tracking-[0.2em]">QUIZ</span>
      <div className="space-y-2">
        <h2 ref={heading} tabIndex={-1} className="player-heading">
          ¡Bienvenido a la trivia!
        </h2>
        <p className="player-muted">{`Hola, ${playerName}${playerName.endsWith('.') ? '' : '.'} Estas son las reglas:`}</p>
      </div>
      {html ? (
        <div className="player-instructions text-left" data-testid="group-instructions" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <ul className="player-instructions space-y-3 text-left">
          {DEFAULT_RULES.map(({ icon: Icon, text }) => (
            <li key={text} className="player-question flex items-start gap-3 !text-base !font-medium">
              <Icon className="mt-0.5 size-5 flex-none" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
      )}
      {hasQuestions && rule !== null && (
        // WCAG 2.2.1 (timing adjustable): the player chooses more time before the clock starts.
        <div className="player-instructions space-y-3 text-left" data-testid="question-clock-rule">
          <p className="player-question flex items-start gap-3 !text-base !font-medium">
            <Timer className="mt-0.5 size-5 flex-none" aria-hidden />
            {rule}
          </p>
          <div className="flex items-start gap-3">
            <input
              id={extraTimeId}
              type="checkbox"
              className="player-checkbox mt-0.5 size-6 flex-none"
              checked={extraTime}
              aria-describedby={`${extraTimeId}-hint`}
              onChange={(event) => setExtraTime(event.target.checked)}
            />
            <div>
              <label htmlFor={extraTimeId} className="player-label font-medium">
                Necesito más tiempo
              </label>
              <p id={`${extraTimeId}-hint`} className="player-muted text-sm">
                El tiempo de cada pregunta se duplica en esta partida.
              </p>
            </div>
          </div>
        </div>
      )}
      {hasQuestions ? (
        <button type="button" className="player-button w-full text-lg" onClick={() => onStart(extraTime)}>
          INICIAR
        </button>
      ) : (
        <div className="space-y-4">
          <p className="player-question flex items-center justify-center gap-2 !text-base" role="alert">
            <CircleAlert className="size-5 flex-none" aria-hidden />
            {NO_QUESTIONS_MESSAGE}
          </p>
          <button type="button" className="player-button player-button-outline w-full" onClick={onBack}>
            Volver
          </button>
        </div>
      )}
    </div>
  );
}
