/**
 * What the player is told while an answer or a result waits for the server, by why it waits: no
 * connection, or a server that answers but is too busy to take the round (a venue whose one
 * address brought more new phones than DEVICE_RATE_LIMIT lets register): the result is kept and
 * sent, anchored to when the phone first asked (docs/fair-play.md), and the player is not told the
 * phone is offline when it is not.
 */
export type PendingReason = 'offline' | 'busy';

/** The server answered lately (it refused or could not take the round): busy; otherwise offline. */
export const pendingReason = (serverReachable: boolean): PendingReason => (serverReachable ? 'busy' : 'offline');

export const PENDING_WORDING: Record<PendingReason, { answer: string; announcement: string; result: string }> = {
  offline: {
    answer: 'Respuesta guardada: el resultado llega con la conexión',
    announcement: 'Respuesta guardada. Sabrás si acertaste cuando vuelva la conexión.',
    result: 'Tu puntaje aparecerá aquí en cuanto vuelva la conexión y el servidor califique tus respuestas.',
  },
  busy: {
    answer: 'El servidor está ocupado, tu resultado se enviará',
    announcement: 'Respuesta guardada. El servidor está ocupado, tu resultado se enviará.',
    result: 'El servidor está ocupado, tu resultado se enviará: tu puntaje aparecerá aquí en cuanto califique tus respuestas.',
  },
};
