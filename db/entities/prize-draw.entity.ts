import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { DrawEntry, DrawFilters } from '../../contract';
import { CampaignEntity } from './campaign.entity';
import { QuestionGroupEntity } from './question-group.entity';
import { UserEntity } from './user.entity';

/**
 * One prize draw ("Sorteo") of a trivia or a campaign, kept forever as its record: who ran it,
 * when, with which filters, and everything needed to re-run it: the eligible list in its
 * deterministic order (`prize_draw_entries`) and the seed. The winners are
 * `drawWinners(seed, eligible, prizes)` (api/results/draws/draw-order.ts); they are stored too, so a check
 * can compare.
 */
@Entity('prize_draws')
@Check('prize_draws_one_subject', `(question_group_id IS NULL) <> (campaign_id IS NULL)`)
export class PrizeDrawEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index('prize_draws_question_group_id_idx')
  @Column('integer', { nullable: true })
  questionGroupId: number | null;

  @ManyToOne(() => QuestionGroupEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'question_group_id' })
  questionGroup: Relation<QuestionGroupEntity> | null;

  @Index('prize_draws_campaign_id_idx')
  @Column('integer', { nullable: true })
  campaignId: number | null;

  @ManyToOne(() => CampaignEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'campaign_id' })
  campaign: Relation<CampaignEntity> | null;

  @Column('jsonb')
  filters: DrawFilters;

  @Column('integer')
  prizes: number;

  /** 32 random bytes in lowercase hex. */
  @Column('varchar', { length: 64 })
  seed: string;

  /**
   * The server drew the seed (always, since a request can no longer name one); false for the draws
   * recorded before, whose seed an admin may have typed in.
   */
  @Column('boolean')
  seedFromServer: boolean;

  /** How many entries were eligible (the rows of `prize_draw_entries`). */
  @Column('integer')
  eligibleCount: number;

  /**
   * SHA-256 (64 hex digits) of the eligible list: its entries as `playerId:attemptId` lines, ordered
   * by player id then attempt id, joined by newlines. Two draws with the same hash drew from the
   * same entries, whatever their filters said (api/results/draws/repeats.ts).
   */
  @Column('varchar', { length: 64 })
  entriesHash: string;

  /** The winning entries, first prize first. */
  @Column('jsonb')
  winners: DrawEntry[];

  @Column('integer', { nullable: true })
  createdBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by' })
  creator: Relation<UserEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
