import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { AccountLinkPurpose } from '../../contract';
import { UserEntity } from './user.entity';

/**
 * A one-time account link an owner made for a user: an invitation (the invitee chooses a
 * password) or a password reset. Only its token's SHA-256 is kept; it works once, before
 * `expiresAt` (api/platform/accounts/links.ts).
 */
@Entity('account_links')
@Index('account_links_token_hash_key', ['tokenHash'], { unique: true })
@Check('account_links_purpose_known', `purpose IN ('invitation', 'password_reset')`)
export class AccountLinkEntity {
  @PrimaryGeneratedColumn('increment', { primaryKeyConstraintName: 'PK_account_links' })
  id: number;

  @Index('account_links_user_idx')
  @Column('integer')
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_account_links_user' })
  user: Relation<UserEntity>;

  @Column('varchar', { length: 20 })
  purpose: AccountLinkPurpose;

  @Column('varchar', { length: 64 })
  tokenHash: string;

  @Column('integer', { nullable: true })
  createdBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'FK_account_links_created_by' })
  creator: Relation<UserEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz')
  expiresAt: Date;

  @Column('timestamptz', { nullable: true })
  usedAt: Date | null;
}
