import type { DataSource } from 'typeorm';
import type { PublicReads } from '../../db/read-replica';
import type { Config } from './config';
import type { RateLimiter } from './http/rate-limit';
import type { Counter } from 'prom-client';
import type { BackupState } from './backups/keep-backed-up';

/** What the API's routers are built from (api/routes.ts hands it to each). */
export interface RouteDependencies {
  config: Config;
  dataSource: DataSource;
  /** The public anonymous reads (public rankings, big screens, the play bundle): on the read replica when there is one. */
  publicReads: PublicReads;
  secret: string;
  limiters: { login: RateLimiter; player: RateLimiter; playerDocument: RateLimiter; playerDocuments: RateLimiter; device: RateLimiter; answer: RateLimiter };
  /** The continuous backups' state, when the embedded server is backed up (api/platform/backups/). */
  backups?: () => Promise<BackupState>;
  /** The app's figures (GET /metrics) that routes move: sync outcomes. */
  metrics: { syncMutations: Counter<'kind' | 'outcome'> };
}
