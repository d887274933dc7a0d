import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** koa-session's external store: one row per signed-in browser, shared by every API process. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn('varchar', { length: 64 })
  id: string;

  @Column('jsonb')
  data: Record<string, unknown>;

  @Index('sessions_expires_at_idx')
  @Column('timestamptz')
  expiresAt: Date;

  /** When the row was last written: its sign-in, a change of its data, or a renewal (see api/platform/http/session.ts). */
  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
