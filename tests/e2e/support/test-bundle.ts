import type { PlayBundle } from '../../../contract';
import { keyedBundle } from '../../support/answer-key';
import { E2E_ADMIN } from '../fixtures';

/** A trivia of the browser tests' server as a test plays it: the public bundle with its answer key (tests/support/answer-key.ts). */
export const testBundle = (groupId: number): Promise<PlayBundle> => keyedBundle(`http://127.0.0.1:${process.env.E2E_PORT}`, groupId, E2E_ADMIN);
