/** How the analysis writes its figures, in Spanish. */
const PERCENT = new Intl.NumberFormat('es', { style: 'percent', maximumFractionDigits: 0 });
const INDEX = new Intl.NumberFormat('es', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SECONDS = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });

export const formatShare = (share: number | null) => (share === null ? '—' : PERCENT.format(share));
export const formatIndex = (index: number | null) => (index === null ? '—' : INDEX.format(index));
export const formatAnswerTime = (ms: number | null) => (ms === null ? 'Sin tiempos' : `${SECONDS.format(ms / 1000)} s`);
