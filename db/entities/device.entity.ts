import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A kiosk or phone browser that pushes its outbox through POST /api/sync. */
@Entity('devices')
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
}
