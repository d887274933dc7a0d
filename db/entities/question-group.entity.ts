import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { PublicNameStyle, Scoring, Theme } from '../../contract';
import { CompanyEntity } from './company.entity';

/** A trivia. */
@Check('question_groups_question_seconds_check', `question_seconds BETWEEN 5 AND 120`)
@Check('question_groups_scoring_check', `scoring IN ('percent', 'points')`)
@Check('question_groups_points_clock_check', `scoring = 'percent' OR question_seconds IS NOT NULL`)
@Entity('question_groups')
export class QuestionGroupEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('varchar', { length: 150 })
  name: string;

  @Column('text', { nullable: true })
  description: string | null;

  /** Sanitised HTML (api/content/question-groups sanitises on write). */
  @Column('text', { nullable: true })
  instructions: string | null;

  @Column('varchar', { length: 500, nullable: true })
  logoUrl: string | null;

  @Index('question_groups_company_id_idx')
  @Column('integer')
  companyId: number;

  /** A company with trivias cannot be deleted (409), so no scores go by accident. */
  @ManyToOne(() => CompanyEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'company_id' })
  company: Relation<CompanyEntity>;

  @Column('integer', { default: 5 })
  questionsPerRound: number;

  @Column('boolean', { default: true })
  randomizeQuestions: boolean;

  @Column('boolean', { default: true })
  randomizeAnswers: boolean;

  @Column('jsonb', { nullable: true })
  theme: Theme | null;

  @Column('varchar', { length: 500, nullable: true })
  completionRedirectUrl: string | null;

  @Column('integer', { default: 0 })
  maxAttempts: number;

  /** Each question's clock in seconds (contract/question-clock.ts); null: no clock. */
  @Column('integer', { nullable: true })
  questionSeconds: number | null;

  /** How a round scores (contract/points.ts): `points` needs `questionSeconds`. */
  @Column('varchar', { length: 10, default: 'percent' })
  scoring: Scoring;

  /** How public screens show players' names. */
  @Column('varchar', { length: 20, default: 'full' })
  publicNames: PublicNameStyle;

  /** The time zone the analysis keys this trivia's rounds in (their hour and day); null before any was keyed. */
  @Column('varchar', { length: 64, nullable: true })
  analysisTimeZone: string | null;

  @Index('question_groups_created_at_idx')
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
