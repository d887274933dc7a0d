import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { LocationEntity } from './location.entity';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index('users_username_key', { unique: true })
  @Column('varchar', { length: 100 })
  username: string;

  /** argon2id hash; never leaves the API (see api/platform/auth/presenter.ts). */
  @Column('varchar', { length: 255 })
  passwordHash: string;

  @Column('varchar', { length: 100 })
  firstName: string;

  @Column('varchar', { length: 100 })
  lastName: string;

  @Column('varchar', { length: 200 })
  email: string;

  @Column('varchar', { length: 30, default: 'admin' })
  role: string;

  @Column('integer', { nullable: true })
  locationId: number | null;

  @ManyToOne(() => LocationEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'location_id' })
  location: Relation<LocationEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
