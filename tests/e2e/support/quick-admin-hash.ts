import argon2 from 'argon2';

/**
 * The administrator a test server starts with signs in well over a hundred times a browser run,
 * and each sign-in at argon2id's production cost (64 MiB, three passes, four lanes) takes about
 * 0.2 CPU-s. A hash carries its own cost and verifying follows it, so storing the same password's
 * hash at the lowest cost (1 MiB, one pass, one lane; as the Vitest suites hash theirs,
 * tests/support/quick-password-hashes.ts) makes each sign-in quick with the server's code
 * unchanged. Passwords the app hashes itself (new accounts, changed passwords) keep production's
 * cost.
 */
export async function storeQuickAdminHash(query: (text: string, values: unknown[]) => Promise<unknown[]>, admin: { username: string; password: string }): Promise<void> {
  const passwordHash = await argon2.hash(admin.password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const updated = await query('UPDATE users SET password_hash = $1 WHERE username = $2 RETURNING id', [passwordHash, admin.username]);
  if (updated.length !== 1) throw new Error(`No user ${admin.username} to give a quick password hash`);
}
