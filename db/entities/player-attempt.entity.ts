import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { ReviewReason } from '../../contract';
import { LocationEntity } from './location.entity';
import { PlayerEntity } from './player.entity';
import { QuestionGroupEntity } from './question-group.entity';
import { UserEntity } from './user.entity';

/**
 * Where an attempt stands for the rankings: `clean` and `released` count; `held` waits for an
 * admin's decision; `discarded` never counts (the row is kept, nothing is lost).
 */
export type ReviewStatus = 'clean' | 'held' | 'released' | 'discarded';
/** Why an attempt was held (the contract's REVIEW_REASONS). */
export type { ReviewReason };

export interface ChosenAnswer {
  questionId: number;
  /** Null: the question's clock ran out first ("Tiempo agotado"), scored as wrong. */
  answerId: number | null;
  /** A "Varias correctas" question: every answer marked, ascending; `answerId` is the first (contract/play-rules.ts `markedAnswers`). */
  answerIds?: number[];
  /** Milliseconds from showing the question to the tap, as the device measured it (absent from older devices). */
  elapsedMs?: number;
  /** When the server gave this answer its verdict (ISO, the server's clock): rounds it dealt are timed by it. */
  judgedAt?: string;
}

@Entity('player_attempts')
@Index('player_attempts_player_group_idx', ['playerId', 'questionGroupId'])
/** The trivia ranking's index: completed, counted attempts of one trivia in best-first order. */
@Index('player_attempts_ranking_idx', ['questionGroupId', 'score', 'completionTime', 'completedAt'], {
  where: `completed_at IS NOT NULL AND review_status IN ('clean', 'released')`,
})
/** Each player's best attempt first (DESC columns, so defined by its migration, not synchronised). */
@Index('player_attempts_best_idx', { synchronize: false })
/** The campaign ranking's: each player's attempts at a trivia in completion order (INCLUDE columns: its migration). */
@Index('player_attempts_campaign_idx', { synchronize: false })
/** The held attempts of a trivia, for the admin's review list. */
@Index('player_attempts_held_idx', ['questionGroupId', 'id'], { where: `review_status = 'held'` })
/** A device's rounds by start: the overlap and players-per-hour checks. */
@Index('player_attempts_device_idx', ['deviceId', 'startedAt'], { where: 'device_id IS NOT NULL' })
/** The rounds each address sent in the last hour: the per-address ceiling. */
@Index('player_attempts_address_idx', ['addressKey', 'recordedAt'], { where: 'address_key IS NOT NULL' })
@Index('player_attempts_completed_idx', ['questionGroupId', 'completedAt'], {
  where: `completed_at IS NOT NULL AND review_status IN ('clean', 'released')`,
})
export class PlayerAttemptEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('integer')
  playerId: number;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player: Relation<PlayerEntity>;

  @Column('integer')
  questionGroupId: number;

  @ManyToOne(() => QuestionGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_group_id' })
  questionGroup: Relation<QuestionGroupEntity>;

  /** The player's site when the attempt was made: rankings filter by where it was played. */
  @Index('player_attempts_location_id_idx')
  @Column('integer', { nullable: true })
  locationId: number | null;

  @ManyToOne(() => LocationEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'location_id' })
  location: Relation<LocationEntity> | null;

  @Column('integer', { default: 0 })
  score: number;

  @Column('integer')
  totalQuestions: number;

  @Column('integer', { default: 0 })
  correctAnswers: number;

  @Column('timestamptz')
  startedAt: Date;

  @Column('timestamptz', { nullable: true })
  completedAt: Date | null;

  /** Whole seconds from start to completion. */
  @Column('integer', { nullable: true })
  completionTime: number | null;

  /** The chosen answers of the completion, so a replay can be told from a different completion. */
  @Column('jsonb', { nullable: true })
  answers: ChosenAnswer[] | null;

  @Index('player_attempts_client_id_key', { unique: true })
  @Column('uuid', { nullable: true })
  clientId: string | null;

  /** SHA-256 of the secret token returned at creation; completing needs the token. */
  @Column('varchar', { length: 64 })
  tokenHash: string;

  /** Only `clean` and `released` attempts count in rankings (ReviewStatus). */
  @Column('varchar', { length: 10, default: 'clean' })
  reviewStatus: ReviewStatus;

  /** Why it was held; kept after the decision. Null for an attempt never held. */
  @Column('varchar', { length: 20, nullable: true })
  reviewReason: ReviewReason | null;

  /** The admin who released or discarded it, and when. */
  @Column('integer', { nullable: true })
  reviewedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'reviewed_by' })
  reviewer: Relation<UserEntity> | null;

  @Column('timestamptz', { nullable: true })
  reviewedAt: Date | null;

  /**
   * The device that recorded the round. No foreign key: a device whose row is lost (a deletion, a
   * restore) and comes back with its derived secret or kiosk certificate still owns its rounds.
   */
  @Column('uuid', { nullable: true })
  deviceId: string | null;

  /** The round's questions in the order shown (RecordedRounds migration); null for rounds recorded before. */
  @Column('integer', { array: true, nullable: true })
  questionIds: number[] | null;

  /** A round the server dealt: each question's answers in the order shown. */
  @Column('jsonb', { nullable: true })
  answerOrder: Record<string, number[]> | null;

  @Column('boolean', { default: false })
  dealtByServer: boolean;

  /** "Necesito más tiempo": every clock of the round ran EXTRA_TIME_FACTOR times longer (contract/question-clock.ts). */
  @Column('boolean', { default: false })
  extraTime: boolean;

  /**
   * Where the round's window opened, the earliest moment the server can vouch for its start: the
   * deal, or for a round dealt offline its device's last contact, never before the trivia existed
   * (api/play/attempts/anchoring.ts). Its end's window is measured from here too.
   */
  @Column('timestamptz', { nullable: true })
  windowStart: Date | null;

  /**
   * The kiosk the round was played on: its device, when that device was a kiosk set up by staff as
   * the round was recorded (null: a phone or the public link). Kept as a fact of the round.
   */
  @Column('uuid', { nullable: true })
  kioskId: string | null;

  /**
   * The hour of the event's clock the analysis holds the round under (its completion, in the
   * trivia's `analysisTimeZone`); null while it does not count (api/standings/analysed-rounds.ts).
   * Statement triggers keep the analysis logs from it (db/migrations/1796700000000-analysis-logs.ts).
   */
  @Column('timestamp', { nullable: true })
  analysisHour: Date | null;

  /** When the server recorded the round (its own clock): the per-address ceiling counts by it. */
  @Column('timestamptz', { nullable: true, default: () => 'now()' })
  recordedAt: Date | null;

  /**
   * A keyed fingerprint of the address the round came from (api/play/attempts/address-limit.ts), for a
   * device that is not a kiosk of its trivia; null for a kiosk's rounds and rounds recorded before.
   */
  @Column('varchar', { length: 43, nullable: true })
  addressKey: string | null;
}
