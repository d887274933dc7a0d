import { CheckCircle2, CircleAlert, Lock, Trophy } from 'lucide-react';
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
  onStart: () => void;
  onBack: () => void;
}

export function InstructionsStep({ playerName, instructions, hasQuestions, onStart, onBack }: InstructionsStepProps) {
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
      {hasQuestions ? (
        <button type="button" className="player-button w-full text-lg" onClick={onStart}>
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
