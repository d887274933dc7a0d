import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { QuestionEntity } from './question.entity';
import { UserEntity } from './user.entity';

/**
 * A text a question had before an admin replaced it: the old text, when, and by whom. A
 * question's history is its revisions, newest first; they go with the question.
 */
@Entity('question_text_revisions')
export class QuestionTextRevisionEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index('question_text_revisions_question_id_idx')
  @Column('integer')
  questionId: number;

  @ManyToOne(() => QuestionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id' })
  question: Relation<QuestionEntity>;

  @Column('text')
  text: string;

  @CreateDateColumn({ type: 'timestamptz' })
  replacedAt: Date;

  @Column('integer', { nullable: true })
  replacedBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'replaced_by' })
  replacer: Relation<UserEntity> | null;
}
