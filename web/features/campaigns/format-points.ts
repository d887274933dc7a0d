const POINTS = new Intl.NumberFormat('es', { maximumFractionDigits: 2 });

/** Campaign points: whole numbers as they are, averages with at most 2 decimals. */
export const formatPoints = (points: number) => POINTS.format(points);
