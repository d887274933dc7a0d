import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * A user's two-step sign-in (TOTP): its secret, sealed with a key derived from the session secret
 * (api/platform/second-factor/sealing.ts); a row without `enabledAt` is a set-up waiting for its
 * first code. docs/security.md, "Two-step sign-in".
 */
@Entity('user_second_factors')
export class UserSecondFactorEntity {
  @PrimaryColumn('integer')
  userId: number;

  /** AES-256-GCM: nonce, tag and cipher text of the base32 secret, base64url, dot-separated. */
  @Column('text')
  sealedSecret: string;

  @Column('timestamptz', { nullable: true })
  enabledAt: Date | null;

  /** The last 30-second step whose code was accepted: a code of it or an earlier step is refused (no replay). */
  @Column('integer', { nullable: true })
  lastTimeStep: number | null;

  /** SHA-256 (hex) of each recovery code not used yet; a used one is removed. */
  @Column('text', { array: true, default: () => "'{}'" })
  recoveryCodeHashes: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<UserEntity>;
}
