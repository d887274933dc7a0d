import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { PrizeDrawEntity } from './prize-draw.entity';

/**
 * One eligible entry of a prize draw, at its place in the draw's deterministic list (player id,
 * then attempt id; `position` from 0). A row per entry, written by PostgreSQL from the eligibility
 * query itself: a draw over 200,000 players never carries its list through the API's event loop,
 * and a re-run or the export reads only the places it needs. Player and attempt ids are kept as
 * recorded (no foreign keys): an erased player's entry stays, nameless, so the draw still re-runs.
 */
@Entity('prize_draw_entries')
export class PrizeDrawEntryEntity {
  @PrimaryColumn('integer')
  drawId: number;

  @ManyToOne(() => PrizeDrawEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'draw_id' })
  draw: Relation<PrizeDrawEntity>;

  @PrimaryColumn('integer')
  position: number;

  @Column('integer')
  playerId: number;

  @Column('integer')
  attemptId: number;
}
