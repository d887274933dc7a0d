import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { PlayerEntity } from './player.entity';
import { UserEntity } from './user.entity';

/**
 * A name a registration of a known document brought, which the server did not apply: the stored
 * name stays; an admin sees the change (old, new, when, from which device or address) and may
 * apply it. Pending changes are those with no `appliedAt`.
 */
@Entity('player_name_changes')
export class PlayerNameChangeEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index('player_name_changes_player_id_idx')
  @Column('integer')
  playerId: number;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player: Relation<PlayerEntity>;

  @Column('varchar', { length: 150 })
  oldFullName: string;

  @Column('varchar', { length: 150 })
  newFullName: string;

  /** `device <uuid>` for a synced registration, `address <ip>` for an online one. */
  @Column('varchar', { length: 100 })
  source: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  appliedAt: Date | null;

  @Column('integer', { nullable: true })
  appliedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'applied_by' })
  applier: Relation<UserEntity> | null;
}
