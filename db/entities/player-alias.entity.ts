import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { PlayerEntity } from './player.entity';

/**
 * Every player clientId a device made, mapped to the canonical player. Two kiosks that register the
 * same document offline end up as one player; later attempts naming either clientId resolve here.
 */
@Entity('player_aliases')
export class PlayerAliasEntity {
  @PrimaryColumn('uuid')
  clientId: string;

  @Index('player_aliases_player_id_idx')
  @Column('integer')
  playerId: number;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player: Relation<PlayerEntity>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
