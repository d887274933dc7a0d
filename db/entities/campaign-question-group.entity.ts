import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CampaignEntity } from './campaign.entity';
import { QuestionGroupEntity } from './question-group.entity';

/** A trivia linked to a campaign, with its weight and position. */
@Entity('campaign_question_groups')
@Index('campaign_question_groups_link_key', ['campaignId', 'questionGroupId'], { unique: true })
export class CampaignQuestionGroupEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('integer')
  campaignId: number;

  @ManyToOne(() => CampaignEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'campaign_id' })
  campaign: Relation<CampaignEntity>;

  @Index('campaign_question_groups_question_group_id_idx')
  @Column('integer')
  questionGroupId: number;

  @ManyToOne(() => QuestionGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_group_id' })
  questionGroup: Relation<QuestionGroupEntity>;

  @Column('integer', { default: 1 })
  weight: number;

  @Column('integer', { default: 0 })
  order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
