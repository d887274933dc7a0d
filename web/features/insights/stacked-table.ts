/**
 * A table of figures that stacks on a phone: below sm (a 390 px phone, any screen at 200 % zoom)
 * each row becomes a small card, its name on top and its figures side by side, each under its
 * column's name (the cell's `data-label`), so the page never scrolls sideways and no two figures
 * run together. From sm up it is a plain table. Its rows keep the table's semantics.
 */
const ROW = 'border-t border-slate-200 tabular-nums max-sm:grid max-sm:gap-x-3 max-sm:gap-y-2 max-sm:py-3 dark:border-slate-700';

export const STACKED = {
  table: 'w-full text-sm max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  /** A row of figures: on a phone as many side by side as fit at 5.5rem each, so no label runs into the next. */
  rowFigures: `${ROW} max-sm:grid-cols-[repeat(auto-fit,minmax(5.5rem,1fr))]`,
  /** A row of one figure and its bar, side by side under the row's name on a phone. */
  rowFigureBar: `${ROW} max-sm:grid-cols-[auto_1fr] max-sm:items-end`,
  /** A row whose cells go one under the other on a phone (a time, a site, a bar). */
  rowLines: ROW,
  /** The row's name, across the whole card on a phone. */
  name: 'py-2 pr-2 text-left font-normal break-words max-sm:col-span-full max-sm:p-0 max-sm:font-medium',
  /** A figure, right-aligned with room before it in the table; under its label on a phone. */
  figure:
    'py-2 pl-3 text-right max-sm:p-0 max-sm:text-left max-sm:before:block max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400',
  /** What follows the figures (a link), across the card on a phone. */
  tail: 'py-2 pl-3 text-right max-sm:col-span-full max-sm:p-0 max-sm:text-left',
};
