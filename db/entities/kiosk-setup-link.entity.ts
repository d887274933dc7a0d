import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DeviceEntity } from './device.entity';
import { QuestionGroupEntity } from './question-group.entity';
import { UserEntity } from './user.entity';

/**
 * A one-time kiosk setup link made by an admin for a trivia. Only its token's SHA-256 is kept; it
 * works once, before `expiresAt`, and records the device that used it.
 */
@Entity('kiosk_setup_links')
@Index('kiosk_setup_links_token_hash_key', ['tokenHash'], { unique: true })
export class KioskSetupLinkEntity {
  @PrimaryGeneratedColumn('increment', { primaryKeyConstraintName: 'PK_kiosk_setup_links' })
  id: number;

  @Column('integer')
  questionGroupId: number;

  @ManyToOne(() => QuestionGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_group_id', foreignKeyConstraintName: 'FK_kiosk_setup_links_question_group' })
  questionGroup: Relation<QuestionGroupEntity>;

  @Column('varchar', { length: 64 })
  tokenHash: string;

  @Column('integer', { nullable: true })
  createdBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'FK_kiosk_setup_links_created_by' })
  creator: Relation<UserEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz')
  expiresAt: Date;

  @Column('timestamptz', { nullable: true })
  usedAt: Date | null;

  @Column('uuid', { nullable: true })
  deviceId: string | null;

  @ManyToOne(() => DeviceEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'device_id', foreignKeyConstraintName: 'FK_kiosk_setup_links_device' })
  device: Relation<DeviceEntity> | null;
}
