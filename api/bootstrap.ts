import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { UserEntity } from '../db/entities';
import { seedDemoContent } from '../db/seed/demo-content';
import { hashPassword } from './auth/password';
import type { Config } from './config';

export interface BootstrapResult {
  /** Set only on the start that created the first admin. */
  admin?: { username: string; password: string; generated: boolean };
  demoQuestionGroupId?: number;
}

/** On an empty database: the first admin and, unless SEED_DEMO=false, the demo content. */
export async function bootstrapEmptyDatabase(dataSource: DataSource, config: Config): Promise<BootstrapResult> {
  if ((await dataSource.manager.count(UserEntity)) > 0) return {};
  const generated = !config.admin.password;
  const password = config.admin.password ?? randomBytes(12).toString('base64url');
  await dataSource.manager.save(
    dataSource.manager.create(UserEntity, {
      username: config.admin.username,
      passwordHash: await hashPassword(password),
      firstName: 'Administrador',
      lastName: 'Principal',
      email: `${config.admin.username}@example.com`,
      role: 'admin',
    }),
  );
  const result: BootstrapResult = { admin: { username: config.admin.username, password, generated } };
  if (config.seedDemo) result.demoQuestionGroupId = (await seedDemoContent(dataSource.manager)).questionGroupId;
  return result;
}
