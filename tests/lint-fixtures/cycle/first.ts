// Lint fixture (tests/unit/lint-rules.test.ts): imports second.ts, which imports this file back.
import { second } from './second';

export const first = (): number => second() + 1;
