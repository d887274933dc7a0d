import { AppWindow } from 'lucide-react';
import { useEffect } from 'react';
import { useAnnounce } from '../announcer';
import { useFocusOnMount } from '../use-focus-on-mount';

export const OTHER_TAB_MESSAGE = 'Esta trivia está abierta en otra pestaña de este dispositivo.';
export const FREE_TAB_MESSAGE = 'La otra pestaña se cerró. Ya puedes jugar aquí.';

/**
 * Another tab of this device plays the trivia: one attempt at a time per kiosk. The player may
 * take it over here (the other tab then says so), and once that tab closes this one is free.
 */
export function OtherTabStep({ free, onTakeOver }: { free: boolean; onTakeOver: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>(free);
  const announce = useAnnounce();
  const message = free ? FREE_TAB_MESSAGE : OTHER_TAB_MESSAGE;
  useEffect(() => announce(message), [announce, message]);
  return (
    <div className="space-y-5 py-4 text-center" data-step="other-tab">
      <AppWindow className="player-header-text mx-auto size-10" aria-hidden />
      <h2 ref={heading} tabIndex={-1} className="player-heading !text-xl">
        {free ? 'Trivia disponible' : 'Trivia abierta en otra pestaña'}
      </h2>
      <p>{message}</p>
      {!free && <p className="player-muted text-sm">Para que cada resultado cuente una sola vez, solo una pestaña juega a la vez. Termina o cierra la otra pestaña, o sigue aquí.</p>}
      <button type="button" className="player-button w-full" onClick={onTakeOver}>
        {free ? 'Jugar aquí' : 'Jugar en esta pestaña'}
      </button>
    </div>
  );
}
