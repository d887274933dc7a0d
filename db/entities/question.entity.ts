import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { AnswerEntity } from './answer.entity';
import { QuestionGroupEntity } from './question-group.entity';

@Entity('questions')
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

  @OneToMany(() => AnswerEntity, (answer) => answer.question)
  answers: Relation<AnswerEntity[]>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
