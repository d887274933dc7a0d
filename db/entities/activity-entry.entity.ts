import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { ActivityAction, ActivityChanges, ActivityKind } from '../../contract';
import { UserEntity } from './user.entity';

/**
 * One change made in the admin ("Actividad", api/platform/activity/): who, when, from which
 * address, to which object, and its fields before and after (documents masked). Written in the
 * change's own transaction; kept ACTIVITY_RETENTION_DAYS.
 */
@Entity('activity_entries')
@Index('activity_entries_at_idx', ['at', 'id'])
@Index('activity_entries_company_at_idx', ['companyId', 'at', 'id'])
@Index('activity_entries_user_at_idx', ['userId', 'at', 'id'])
export class ActivityEntryEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  /** Milliseconds only, so a page's cursor is exact in JavaScript. */
  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  at: Date;

  @Column('integer', { nullable: true })
  userId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<UserEntity> | null;

  @Column('varchar', { length: 64, nullable: true })
  address: string | null;

  /** Null for a change to the whole installation (users); no foreign key: the entry outlives the company. */
  @Column('integer', { nullable: true })
  companyId: number | null;

  @Column('varchar', { length: 30 })
  objectKind: ActivityKind;

  @Column('integer', { nullable: true })
  objectId: number | null;

  @Column('varchar', { length: 30 })
  action: ActivityAction;

  @Column('varchar', { length: 300 })
  summary: string;

  @Column('jsonb', { nullable: true })
  changes: ActivityChanges | null;

  @Column('boolean', { default: false })
  personal: boolean;

  /** The players a personal entry is about: erasing one clears what the entry kept of them. */
  @Column('integer', { array: true, nullable: true })
  playerIds: number[] | null;
}
