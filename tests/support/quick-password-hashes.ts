/**
 * Vitest setup file: passwords hashed in the tests' processes use argon2id at its lowest cost
 * (1 MiB, one pass, one lane) instead of the library's default (64 MiB, three passes, four lanes,
 * about 0.2 CPU-seconds a hash). A hash carries its own cost, and verifying follows it, so every
 * sign-in of an account these tests made is as quick: the files that sign in most take well under
 * half their CPU. Only the cost changes: the same argon2id, the same code that hashes and verifies. The
 * browser tests' servers (`npm start`) keep the production cost.
 */
import type * as Argon2 from 'argon2';
import { vi } from 'vitest';

vi.mock('argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  const quickest = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  const hash = ((password: string, options?: object) => argon2.hash(password, { ...options, ...quickest })) as typeof argon2.hash;
  return { ...argon2, hash, default: { ...argon2.default, hash } };
});
