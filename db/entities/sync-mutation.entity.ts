import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { DeviceEntity } from './device.entity';

/** Every mutation a device pushed, with its outcome: replays are answered from here, rejections kept for staff. */
@Entity('sync_mutations')
export class SyncMutationEntity {
  @PrimaryColumn('uuid')
  deviceId: string;

  @PrimaryColumn('integer')
  mutationId: number;

  @ManyToOne(() => DeviceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id' })
  device: Relation<DeviceEntity>;

  @Column('varchar', { length: 20 })
  kind: string;

  /** SHA-256 of the canonical payload: the same id with another payload is 422. */
  @Column('varchar', { length: 64 })
  payloadHash: string;

  @Column('jsonb')
  payload: unknown;

  @Index('sync_mutations_status_idx')
  @Column('varchar', { length: 20 })
  status: 'applied' | 'rejected' | 'held';

  @Column('text', { nullable: true })
  reason: string | null;

  @Column('integer', { nullable: true })
  resultId: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
