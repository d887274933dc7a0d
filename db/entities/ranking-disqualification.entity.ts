import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CampaignEntity } from './campaign.entity';
import { PlayerAttemptEntity } from './player-attempt.entity';
import { PlayerEntity } from './player.entity';
import { QuestionGroupEntity } from './question-group.entity';
import { UserEntity } from './user.entity';

/**
 * An admin's disqualification of an attempt (`attemptId`) or of a player at a trivia (`attemptId`
 * null) from the rankings, and its restoration. While `restoredAt` is null it holds: the ranking
 * rule (`rankedAttempt`) leaves its attempts out. Rows are never deleted by the application: the
 * record of who did what, when and why stays.
 */
@Entity('ranking_disqualifications')
/** At most one holding disqualification per attempt, and per player and trivia (an expression index, so defined by its migration). */
@Index('ranking_disqualifications_holding_key', { synchronize: false })
@Index('ranking_disqualifications_trivia_idx', ['questionGroupId', 'id'])
@Index('ranking_disqualifications_campaign_idx', ['campaignId', 'playerId'])
export class RankingDisqualificationEntity {
  @PrimaryGeneratedColumn('increment', { primaryKeyConstraintName: 'PK_ranking_disqualifications' })
  id: number;

  @Column('integer')
  questionGroupId: number;

  @ManyToOne(() => QuestionGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_group_id', foreignKeyConstraintName: 'FK_ranking_disqualifications_question_group' })
  questionGroup: Relation<QuestionGroupEntity>;

  @Index('ranking_disqualifications_player_id_idx')
  @Column('integer')
  playerId: number;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_ranking_disqualifications_player' })
  player: Relation<PlayerEntity>;

  /** Null: the player, every attempt of theirs at the trivia. */
  @Index('ranking_disqualifications_attempt_id_idx')
  @Column('integer', { nullable: true })
  attemptId: number | null;

  @ManyToOne(() => PlayerAttemptEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'attempt_id', foreignKeyConstraintName: 'FK_ranking_disqualifications_attempt' })
  attempt: Relation<PlayerAttemptEntity> | null;

  /**
   * The campaign it was made from ("Descalificar" on a campaign ranking), null when made at the
   * trivia. The rows of one campaign decision share campaign, player and `disqualifiedAt`.
   */
  @Column('integer', { nullable: true })
  campaignId: number | null;

  @ManyToOne(() => CampaignEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'campaign_id', foreignKeyConstraintName: 'FK_ranking_disqualifications_campaign' })
  campaign: Relation<CampaignEntity> | null;

  @Column('varchar', { length: 500 })
  reason: string;

  @Column('integer', { nullable: true })
  disqualifiedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'disqualified_by', foreignKeyConstraintName: 'FK_ranking_disqualifications_disqualified_by' })
  disqualifier: Relation<UserEntity> | null;

  @Column('timestamptz', { default: () => 'now()' })
  disqualifiedAt: Date;

  @Column('timestamptz', { nullable: true })
  restoredAt: Date | null;

  @Column('integer', { nullable: true })
  restoredBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'restored_by', foreignKeyConstraintName: 'FK_ranking_disqualifications_restored_by' })
  restorer: Relation<UserEntity> | null;

  @Column('varchar', { length: 500, nullable: true })
  restoreReason: string | null;
}
