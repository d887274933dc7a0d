import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { AnswerEntity } from './answer.entity';
import { PlayerAttemptEntity } from './player-attempt.entity';
import { QuestionEntity } from './question.entity';

/**
 * A player's vote in a poll (contract/polls.ts), stored with the round it came with: one per
 * attempt and poll, and gone with the attempt (an erasure, "Borrar datos"), the poll or the answer.
 */
@Entity('poll_votes')
@Index('poll_votes_question_answer_idx', ['questionId', 'answerId'])
export class PollVoteEntity {
  @PrimaryColumn('integer', { primaryKeyConstraintName: 'PK_poll_votes' })
  attemptId: number;

  @ManyToOne(() => PlayerAttemptEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'attempt_id', foreignKeyConstraintName: 'FK_poll_votes_attempt_id' })
  attempt: Relation<PlayerAttemptEntity>;

  @PrimaryColumn('integer', { primaryKeyConstraintName: 'PK_poll_votes' })
  questionId: number;

  @ManyToOne(() => QuestionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id', foreignKeyConstraintName: 'FK_poll_votes_question_id' })
  question: Relation<QuestionEntity>;

  @Column('integer')
  answerId: number;

  @ManyToOne(() => AnswerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'answer_id', foreignKeyConstraintName: 'FK_poll_votes_answer_id' })
  answer: Relation<AnswerEntity>;
}
