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

  /**
   * A refused mutation's document as a keyed fingerprint (api/play/players/document-key.ts): its payload
   * keeps the number masked, and an erasure finds the record by this. Null for every other row.
   */
  @Index('sync_mutations_document_key_idx', { where: 'document_key IS NOT NULL' })
  @Column('varchar', { length: 64, nullable: true })
  documentKey: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
