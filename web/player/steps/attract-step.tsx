import { Hand } from 'lucide-react';
import { useFocusOnMount } from '../use-focus-on-mount';

/**
 * The kiosk's attract screen while nobody plays: the trivia's name (its logo and theme are the
 * page's header and colours) and one big "Toca para jugar" that starts at the document step.
 */
export function AttractStep({ triviaName, onPlay }: { triviaName: string; onPlay: () => void }) {
  const buttonRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="flex flex-col items-center gap-6 py-10 text-center" data-testid="kiosk-attract">
      <h2 className="player-heading !text-3xl sm:!text-4xl">¡Juega {triviaName}!</h2>
      <p className="player-muted text-lg">Responde las preguntas y entra al ranking.</p>
      <button ref={buttonRef} type="button" className="player-button w-full !py-6 !text-2xl" onClick={onPlay}>
        <Hand className="size-8" aria-hidden /> Toca para jugar
      </button>
    </div>
  );
}
