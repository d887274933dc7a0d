/**
 * The contrast pairs in the organiser's words, and why a load-bearing one keeps a theme from being
 * saved: for the editor and the API, kept out of the player screen's build (theme-contrast.ts).
 */
import { formatRatio } from './contrast';
import type { ContrastCheck, ContrastPairId } from './theme-contrast';

export const CONTRAST_PAIR_LABELS: Record<ContrastPairId, string> = {
  title: 'Título sobre el fondo',
  'card-heading': 'Títulos dentro de la tarjeta',
  'card-text': 'Texto dentro de la tarjeta',
  question: 'Texto de la pregunta',
  answer: 'Texto de respuesta (normal, al pasar el cursor y seleccionada)',
  button: 'Texto de botones e insignias (sobre el botón, su color al pasar el cursor y el primario)',
  outline: 'Botón secundario (color primario sobre la tarjeta)',
  progress: 'Barra de progreso sobre la tarjeta',
  correct: 'Marca de respuesta correcta (blanco sobre el color)',
  incorrect: 'Marca de respuesta incorrecta (blanco sobre el color)',
};

/** Why a pair keeps a theme from being saved, naming the pair, its ratio, its minimum and a colour that passes. */
export function unreadableMessage(check: ContrastCheck): string {
  const ratio = check.ratio === null ? 'no medible' : formatRatio(check.ratio);
  const fix = check.suggestion ? ` Prueba ${check.suggestion}.` : ' Cambia el fondo.';
  return `${CONTRAST_PAIR_LABELS[check.id]}: ${ratio}, mínimo ${formatRatio(check.minimum)}; los jugadores no podrían leerlo.${fix}`;
}
