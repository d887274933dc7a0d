import type { QuestionKind } from '../../contract';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { PictureEntity } from './picture.entity';
import { AnswerEntity } from './answer.entity';
import { QuestionGroupEntity } from './question-group.entity';

@Entity('questions')
@Check('questions_kind_check', `kind IN ('choice', 'true_false', 'poll')`)
@Check('questions_clock_seconds_check', `clock_seconds BETWEEN 5 AND 120`)
export class QuestionEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('text')
  text: string;

  @Index('questions_group_id_idx')
  @Column('integer')
  groupId: number;

  @ManyToOne(() => QuestionGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group: Relation<QuestionGroupEntity>;

  /** Its kind (contract/question-kinds.ts), which sets the rule its answers follow. */
  @Column('varchar', { length: 20, default: 'choice' })
  kind: QuestionKind;

  /** Its own clock in seconds (contract/question-clock.ts); null: the trivia's. */
  @Column('integer', { nullable: true })
  clockSeconds: number | null;

  @OneToMany(() => AnswerEntity, (answer) => answer.question)
  answers: Relation<AnswerEntity[]>;

  /** Its picture, if it has one (loaded with it), and the text that stands for it. */
  @Index('questions_picture_name_idx', { where: 'picture_name IS NOT NULL' })
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
