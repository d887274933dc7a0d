import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Counters of rate-limiter-flexible's PostgreSQL store (its own column layout), shared across processes. */
@Entity('rate_limits')
export class RateLimitEntity {
  @PrimaryColumn('varchar', { length: 255 })
  key: string;

  @Column('integer', { default: 0 })
  points: number;

  @Column('bigint', { nullable: true })
  expire: string | null;
}
