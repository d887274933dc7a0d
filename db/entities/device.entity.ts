import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { QuestionGroupEntity } from './question-group.entity';

/**
 * A kiosk or phone browser that pushes its outbox through POST /api/sync. Phones outnumber kiosks
 * by thousands (one device per phone player), so the kiosks are found through a partial index of
 * their own (the staff panel's list, the silent-kiosk gauge of GET /metrics).
 */
@Entity('devices')
@Index('devices_kiosk_idx', ['kioskSetupAt'], { where: 'kiosk_setup_at IS NOT NULL' })
export class DeviceEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** SHA-256 of the device secret; the secret itself lives only on the device. */
  @Column('varchar', { length: 64 })
  secretHash: string;

  /** The highest mutation id applied; the next accepted one is exactly this + 1. */
  @Column('integer', { default: 0 })
  lastMutationId: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  lastSeenAt: Date | null;

  /** When the device last had nothing left to send (a push that emptied its outbox, or a heartbeat): fair play's anchor. */
  @Column('timestamptz', { nullable: true })
  drainedAt: Date | null;

  /** The name given at kiosk setup; null for a device never set up as a kiosk (a phone). */
  @Column('varchar', { length: 60, nullable: true })
  kioskName: string | null;

  /** The trivia the kiosk was set up for. */
  @Column('integer', { nullable: true })
  kioskQuestionGroupId: number | null;

  @ManyToOne(() => QuestionGroupEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'kiosk_question_group_id', foreignKeyConstraintName: 'FK_devices_kiosk_question_group' })
  kioskQuestionGroup: Relation<QuestionGroupEntity> | null;

  @Column('timestamptz', { nullable: true })
  kioskSetupAt: Date | null;

  /**
   * When this kiosk's browser came back without its data (it registered as a new device still
   * marked as this kiosk); cleared when the kiosk itself is heard from again.
   */
  @Column('timestamptz', { nullable: true })
  dataLostAt: Date | null;
}
