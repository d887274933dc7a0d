import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { migrate } from '../db/data-source';
import { UserEntity } from '../db/entities';
import { seedDemoContent } from '../db/seed/demo-content';
import { hashPassword } from './platform/lib/password';
import { lockUserCreation } from './platform/auth/service';
import { ConfigError, type Config } from './platform/config';
import { passwordVerdict } from '../contract/password-strength';

export interface BootstrapResult {
  /** Set only on the start that created the first admin. */
  admin?: { username: string; password: string; generated: boolean };
  demoQuestionGroupId?: number;
}

/**
 * On an empty database: the first admin and, unless SEED_DEMO=false, the demo content, in one
 * transaction under the lock of user creation, so two processes starting together (or a public
 * registration at the same moment) make one first user, not two.
 */
export async function bootstrapEmptyDatabase(dataSource: DataSource, config: Config): Promise<BootstrapResult> {
  if (await dataSource.manager.exists(UserEntity)) return {};
  assertFirstAdminPassword(config);
  const generated = !config.admin.password;
  const password = config.admin.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  return dataSource.transaction(async (tx) => {
    await lockUserCreation(tx);
    if (await tx.exists(UserEntity)) return {};
    await tx.save(
      tx.create(UserEntity, {
        passwordHash,
        ...firstAdmin(config),
        role: 'owner',
      }),
    );
    const result: BootstrapResult = { admin: { username: config.admin.username, password, generated } };
    if (config.seedDemo) result.demoQuestionGroupId = (await seedDemoContent(tx)).questionGroupId;
    return result;
  });
}

/** The first admin's identity, as the password rule sees it (its words count against the password). */
const firstAdmin = (config: Config) => ({ username: config.admin.username, firstName: 'Administrador', lastName: 'Principal', email: `${config.admin.username}@example.com` });

/**
 * ADMIN_PASSWORD, when the start is about to make the first admin with it, follows the password
 * rule every other password follows (contract/password-strength.ts): a weak one stops the start
 * with the rule's reason. Once a user exists the variable is not read, so it is not checked.
 */
export function assertFirstAdminPassword(config: Config): void {
  if (!config.admin.password) return; // a generated one: 16 random characters
  const { problem } = passwordVerdict(config.admin.password, firstAdmin(config));
  if (problem) throw new ConfigError(`ADMIN_PASSWORD does not follow the password rule (docs/security.md, "The password rule"): ${problem}`);
}

/** The start-up sequence on the database: pending migrations, then the first-start content. */
export async function prepareDatabase(dataSource: DataSource, config: Config) {
  const appliedMigrations = await migrate(dataSource);
  const bootstrap = await bootstrapEmptyDatabase(dataSource, config);
  return { appliedMigrations, bootstrap };
}
