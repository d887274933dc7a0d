import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DeviceEntity } from './device.entity';
import { LocationEntity } from './location.entity';
import { PlayerEntity } from './player.entity';
import { QuestionGroupEntity } from './question-group.entity';

export interface ChosenAnswer {
  questionId: number;
  answerId: number;
}

@Entity('player_attempts')
@Index('player_attempts_player_group_idx', ['playerId', 'questionGroupId'])
/** The trivia ranking's index: completed, counted attempts of one trivia in best-first order. */
@Index('player_attempts_ranking_idx', ['questionGroupId', 'score', 'completionTime', 'completedAt'], {
  where: 'completed_at IS NOT NULL AND over_limit = false',
})
/** Each player's best attempt first (DESC columns, so defined by its migration, not synchronised). */
@Index('player_attempts_best_idx', { synchronize: false })
/** The campaign ranking's: each player's attempts at a trivia in completion order (INCLUDE columns: its migration). */
@Index('player_attempts_campaign_idx', { synchronize: false })
@Index('player_attempts_completed_idx', ['questionGroupId', 'completedAt'], {
  where: 'completed_at IS NOT NULL AND over_limit = false',
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

  /** Arrived over the trivia's maxAttempts (offline): kept, but never ranked. */
  @Column('boolean', { default: false })
  overLimit: boolean;

  @Column('uuid', { nullable: true })
  deviceId: string | null;

  @ManyToOne(() => DeviceEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'device_id' })
  device: Relation<DeviceEntity> | null;
}
