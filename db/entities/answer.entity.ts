import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { QuestionEntity } from './question.entity';

@Entity('answers')
export class AnswerEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('text')
  text: string;

  @Column('boolean', { default: false })
  isCorrect: boolean;

  @Index('answers_question_id_idx')
  @Column('integer')
  questionId: number;

  @ManyToOne(() => QuestionEntity, (question) => question.answers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id' })
  question: Relation<QuestionEntity>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
