import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { CampaignEntity } from './campaign.entity';
import { QuestionGroupEntity } from './question-group.entity';

/**
 * What a trivia's or campaign's public big screen shows of its prize draws beyond the newest
 * draw's winners: `showHistory`, the organiser's choice to list every draw of the day (winners and
 * repeat marks) on the screen. No row: off.
 */
@Entity('draw_screen_settings')
@Check('draw_screen_settings_one_subject', `(question_group_id IS NULL) <> (campaign_id IS NULL)`)
export class DrawScreenSettingEntity {
  @PrimaryGeneratedColumn('increment', { primaryKeyConstraintName: 'PK_draw_screen_settings' })
  id: number;

  @Index('draw_screen_settings_question_group_key', { unique: true })
  @Column('integer', { nullable: true })
  questionGroupId: number | null;

  @ManyToOne(() => QuestionGroupEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'question_group_id', foreignKeyConstraintName: 'FK_draw_screen_settings_question_group' })
  questionGroup: Relation<QuestionGroupEntity> | null;

  @Index('draw_screen_settings_campaign_key', { unique: true })
  @Column('integer', { nullable: true })
  campaignId: number | null;

  @ManyToOne(() => CampaignEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'campaign_id', foreignKeyConstraintName: 'FK_draw_screen_settings_campaign' })
  campaign: Relation<CampaignEntity> | null;

  @Column('boolean')
  showHistory: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
