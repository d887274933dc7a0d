/** The longest short_name a launcher shows whole under an icon (the manifest spec's advice). */
export const SHORT_NAME_MAX = 12;

/** What a trivia's name often starts with and an icon's label does not need: "Trivia de Ciencias" installs as "Ciencias". */
const LEADING_FILLER = /^(?:trivia|quiz|juego|reto)\s+(?:de\s+(?:la|los|las)\s+|del\s+|de\s+|sobre\s+)?/i;
/** Small words a cut must not end on ("Feria del", "Ciencia y"). */
const TRAILING_SMALL_WORD = /\s+(?:de|del|la|las|el|los|y|e|o|u|en|a|al|con|por|para)$/i;

/**
 * A trivia's short_name for its manifest: the name when it fits, else its telling part in whole
 * words (never "Trivia de C…": a launcher that cuts it shows nothing of the trivia).
 */
export function shortName(name: string): string {
  const whole = name.trim().replace(/\s+/g, ' ');
  if (whole.length <= SHORT_NAME_MAX) return whole;
  const core = whole.replace(LEADING_FILLER, '') || whole;
  if (core.length <= SHORT_NAME_MAX) return core;
  let fitting = '';
  for (const word of core.split(' ')) {
    const next = fitting ? `${fitting} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    fitting = next;
  }
  while (TRAILING_SMALL_WORD.test(fitting)) fitting = fitting.replace(TRAILING_SMALL_WORD, '');
  // One word longer than the limit: its start, as the launcher would cut it, without a misleading "…".
  return fitting || core.slice(0, SHORT_NAME_MAX);
}
