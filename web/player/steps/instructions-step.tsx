import DOMPurify from 'dompurify';
import { CheckCircle2, Lock, Trophy } from 'lucide-react';
import { useMemo } from 'react';

const DEFAULT_RULES = [
  { icon: CheckCircle2, text: 'Lee cada pregunta con atención antes de responder.' },
  { icon: Lock, text: 'Una vez elegida una respuesta, no podrás cambiarla.' },
  { icon: Trophy, text: 'Al final verás tu puntaje total.' },
];

export function InstructionsStep({ playerName, instructions, onStart }: { playerName: string; instructions: string | null; onStart: () => void }) {
  // The server sanitises on write; sanitising again here keeps the screen safe whatever is stored.
  const html = useMemo(() => (instructions?.trim() ? DOMPurify.sanitize(instructions) : ''), [instructions]);
  return (
    <div className="space-y-6 text-center">
      <span className="player-badge inline-block rounded-full px-4 py-1 text-sm font-bold tracking-[0.2em]">QUIZ</span>
      <div className="space-y-2">
        <h2 className="player-heading">¡Bienvenido a la trivia!</h2>
        <p className="player-muted">Hola, {playerName}. Estas son las reglas:</p>
      </div>
      {html ? (
        <div className="player-instructions text-left" data-testid="group-instructions" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <ul className="space-y-3 text-left">
          {DEFAULT_RULES.map(({ icon: Icon, text }) => (
            <li key={text} className="player-question flex items-start gap-3 !text-base !font-medium">
              <Icon className="mt-0.5 size-5 flex-none" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="player-button w-full text-lg" onClick={onStart}>
        INICIAR
      </button>
    </div>
  );
}
