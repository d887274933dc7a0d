import { RANKING_PAGE_SIZE } from './api/ranking-pages';

/** Rows past this many in a page appear together with the last staggered one. */
const STAGGERED_ROWS = 20;

/**
 * A ranked row animates in 0.05 s after the one above it (the rankings' entrance), counted from the top
 * of its page and only for the first rows of the page: the 100th row would otherwise stay blank
 * for 5 s for someone who scrolls down, and rows added by 'Cargar más' start at once.
 */
export const rowDelay = (position: number) => `${(Math.min((position - 1) % RANKING_PAGE_SIZE, STAGGERED_ROWS - 1) * 5) / 100}s`;
