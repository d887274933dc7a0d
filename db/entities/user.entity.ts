import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { InstallationRole, UserStatus } from '../../contract';
import { LocationEntity } from './location.entity';

/**
 * A person who signs in to the admin. `role` is their reach: an `owner` reaches the whole
 * installation, a `member` the companies of their `user_company_roles`. A removed user keeps their
 * row and username, so what they did stays attributed to them (docs/decisions.md, "Accounts").
 */
@Entity('users')
@Check('users_status_known', `status IN ('invited', 'active', 'disabled')`)
@Check('users_role_known', `role IN ('owner', 'member')`)
@Check('users_password_matches_status', `(status = 'invited' AND password_hash IS NULL) OR (status = 'active' AND password_hash IS NOT NULL) OR status = 'disabled'`)
export class UserEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index('users_username_key', { unique: true })
  @Column('varchar', { length: 100 })
  username: string;

  /** argon2id hash, null while invited; never leaves the API (see api/platform/auth/presenter.ts). */
  @Column('varchar', { length: 255, nullable: true })
  passwordHash: string | null;

  @Column('varchar', { length: 100 })
  firstName: string;

  @Column('varchar', { length: 100 })
  lastName: string;

  @Column('varchar', { length: 200 })
  email: string;

  @Column('varchar', { length: 30, default: 'owner' })
  role: InstallationRole;

  @Column('varchar', { length: 20, default: 'active' })
  status: UserStatus;

  @Column('timestamptz', { nullable: true })
  lastSignInAt: Date | null;

  /** Set when an owner removed the user: they can never sign in again, and leave the list of users. */
  @Column('timestamptz', { nullable: true })
  removedAt: Date | null;

  @Column('integer', { nullable: true })
  locationId: number | null;

  @ManyToOne(() => LocationEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'location_id' })
  location: Relation<LocationEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
