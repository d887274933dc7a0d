/**
 * What a kiosk holds, in the words staff count in: rounds played ("partidas"), not the writes a
 * round makes (its player's registration, its start, its result). One wording for the kiosk's
 * badge, its staff panel and the admin's "Dispositivos"; zod-free, as the player build imports it.
 */

/** Rounds waiting on a kiosk, and the registrations waiting without a round of theirs (a player who registered and left). */
export interface HeldRounds {
  rounds: number;
  registrations: number;
}

/** "1 partida", "3 partidas". */
export const roundsText = (rounds: number) => `${rounds} partida${rounds === 1 ? '' : 's'}`;

/** "3 partidas por sincronizar", "1 partida y 1 registro por sincronizar", "Nada por sincronizar". */
export function pendingText({ rounds, registrations }: HeldRounds): string {
  const alone = registrations ? `${registrations} registro${registrations === 1 ? '' : 's'}` : '';
  const text = rounds ? roundsText(rounds) + (alone && ` y ${alone}`) : alone;
  return text ? `${text} por sincronizar` : 'Nada por sincronizar';
}

/** A kiosk as titled: its name, after "Kiosco" unless the name already starts with it ("Kiosco Entrada", never "Kiosco Kiosco Entrada"). */
export const kioskTitle = (name: string) => (/^kiosco(\s|$)/i.test(name.trim()) ? name.trim() : `Kiosco ${name.trim()}`);
