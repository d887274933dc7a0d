import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * An erasure of a player's personal data, kept as proof it was done: who, when, which player (by
 * id only: the name and document are what was erased) and what (`anonymised`: the player stays as
 * "Jugador eliminado" with the attempts; `deleted`: the player and the attempts are gone).
 */
@Entity('player_erasures')
export class PlayerErasureEntity {
  @PrimaryGeneratedColumn('increment', { primaryKeyConstraintName: 'PK_player_erasures' })
  id: number;

  /** No foreign key: a deleted player's id stays here. */
  @Column('integer')
  playerId: number;

  @Column('varchar', { length: 20 })
  action: 'anonymised' | 'deleted';

  /** How many attempts the player had then. */
  @Column('integer')
  attempts: number;

  @Column('integer', { nullable: true })
  performedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'performed_by', foreignKeyConstraintName: 'FK_player_erasures_performed_by' })
  performer: Relation<UserEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  performedAt: Date;
}
