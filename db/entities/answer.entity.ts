import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { PictureEntity } from './picture.entity';
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

  /** Its picture, if it has one (loaded with it), and the text that stands for it. */
  @Index('answers_picture_name_idx', { where: 'picture_name IS NOT NULL' })
  @Column('varchar', { length: 25, nullable: true })
  pictureName: string | null;

  @ManyToOne(() => PictureEntity, { eager: true, nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'picture_name' })
  picture: Relation<PictureEntity> | null;

  @Column('text', { nullable: true })
  pictureAlt: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
