import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * An admin's merge of players that were one person under several spellings of one document ("Unir
 * jugadores"): who, when, the player kept and the ones merged into it (by id only, like an
 * erasure's record: no names or documents), and how many attempts moved.
 */
@Entity('player_merges')
export class PlayerMergeEntity {
  @PrimaryGeneratedColumn('increment', { primaryKeyConstraintName: 'PK_player_merges' })
  id: number;

  /** No foreign key: the record stays when the kept player is later erased. */
  @Index('player_merges_kept_player_id_idx')
  @Column('integer')
  keptPlayerId: number;

  /** The players that were merged into the kept one, and are gone. */
  @Column('integer', { array: true })
  mergedPlayerIds: number[];

  @Column('integer')
  documentTypeId: number;

  @Column('integer')
  attemptsMoved: number;

  @Column('integer', { nullable: true })
  mergedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'merged_by', foreignKeyConstraintName: 'FK_player_merges_merged_by' })
  merger: Relation<UserEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  mergedAt: Date;
}
