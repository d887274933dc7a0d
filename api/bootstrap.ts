import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { migrate } from '../db/data-source';
import { UserEntity } from '../db/entities';
import { seedDemoContent } from '../db/seed/demo-content';
import { hashPassword } from './platform/auth/password';
import { lockUserCreation } from './platform/auth/service';
import type { Config } from './platform/config';

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
  const generated = !config.admin.password;
  const password = config.admin.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  return dataSource.transaction(async (tx) => {
    await lockUserCreation(tx);
    if (await tx.exists(UserEntity)) return {};
    await tx.save(
      tx.create(UserEntity, {
        username: config.admin.username,
        passwordHash,
        firstName: 'Administrador',
        lastName: 'Principal',
        email: `${config.admin.username}@example.com`,
        role: 'owner',
      }),
    );
    const result: BootstrapResult = { admin: { username: config.admin.username, password, generated } };
    if (config.seedDemo) result.demoQuestionGroupId = (await seedDemoContent(tx)).questionGroupId;
    return result;
  });
}

/** The start-up sequence on the database: pending migrations, then the first-start content. */
export async function prepareDatabase(dataSource: DataSource, config: Config) {
  const appliedMigrations = await migrate(dataSource);
  const bootstrap = await bootstrapEmptyDatabase(dataSource, config);
  return { appliedMigrations, bootstrap };
}
