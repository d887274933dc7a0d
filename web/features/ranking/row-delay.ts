import { RANKING_PAGE_SIZE } from './api/ranking-pages';

/**
 * A ranked row animates in 0.05 s after the one above it (spec section 9), counted from the top
 * of its page: rows added by 'Cargar más' start at once instead of after every row above them.
 */
export const rowDelay = (position: number) => `${((position - 1) % RANKING_PAGE_SIZE) * 0.05}s`;
