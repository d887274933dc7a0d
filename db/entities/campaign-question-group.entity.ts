import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { CampaignEntity } from './campaign.entity';
import { QuestionGroupEntity } from './question-group.entity';

/**
 * A trivia linked to a campaign, with its weight and position. Positions are distinct within a
 * campaign, checked at commit so one transaction can shift several (api/content/campaigns/link-order.ts).
 */
@Entity('campaign_question_groups')
@Index('campaign_question_groups_link_key', ['campaignId', 'questionGroupId'], { unique: true })
@Unique('campaign_question_groups_order_key', ['campaignId', 'order'], { deferrable: 'INITIALLY DEFERRED' })
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

  /** 1..n within the campaign; only the server sets it, under the campaign's lock. */
  @Column('integer', { default: 0 })
  order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
