// Lint fixture (tests/unit/lint-rules.test.ts): closes the circle with first.ts.
import type { first } from './first';

export const second = (): number => 1;
export type First = typeof first;
