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
}
