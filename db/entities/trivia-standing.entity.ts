import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { PlayerEntity } from './player.entity';
import { QuestionGroupEntity } from './question-group.entity';

/**
 * A player's standing in a trivia ranking, kept as results arrive (api/standings/refresh.ts owns
 * every write): the player's best counted attempt by the ranking's order, with the columns that
 * order reads. One row per player for the whole trivia (`siteId` 0) and one per site the player
 * played at (`siteId` = the attempts' site), so the first page of the unfiltered and of a site's
 * ranking is a range read of standings_trivia_order_idx.
 */
@Entity('trivia_standings')
/** Best first, in the trivia ranking's order (DESC columns, so defined by its migration). */
@Index('trivia_standings_order_idx', { synchronize: false })
export class TriviaStandingEntity {
  @PrimaryColumn('integer', { primaryKeyConstraintName: 'PK_trivia_standings' })
  questionGroupId: number;

  /** 0: every site; otherwise the site the attempts were played at. */
  @PrimaryColumn('integer', { primaryKeyConstraintName: 'PK_trivia_standings' })
  siteId: number;

  @PrimaryColumn('integer', { primaryKeyConstraintName: 'PK_trivia_standings' })
  @Index('trivia_standings_player_id_idx')
  playerId: number;

  @ManyToOne(() => QuestionGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_group_id', foreignKeyConstraintName: 'FK_trivia_standings_question_group' })
  questionGroup: Relation<QuestionGroupEntity>;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_trivia_standings_player' })
  player: Relation<PlayerEntity>;

  /** The best attempt: the ranking's row. No foreign key: an attempt leaves only with its player or trivia, whose keys cascade, or by a clear, which refreshes the standings. */
  @Column('integer')
  attemptId: number;

  @Column('integer')
  score: number;

  @Column('integer', { nullable: true })
  completionTime: number | null;

  @Column('timestamptz')
  completedAt: Date;

  /** The rest of what a ranking page shows of the best attempt, so a page reads the standings alone. */
  @Column('integer')
  correctAnswers: number;

  @Column('integer')
  totalQuestions: number;

  /** Where the best attempt was played (null: nowhere known, or a site since deleted). No foreign key: a name is read per page. */
  @Column('integer', { nullable: true })
  locationId: number | null;
}
