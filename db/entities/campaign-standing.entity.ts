import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CampaignEntity } from './campaign.entity';
import { PlayerEntity } from './player.entity';

/**
 * A player's standing in a campaign ranking, kept as results arrive (api/standings/refresh.ts owns
 * every write): the weighted total of the scores the campaign's mode selects at each of its trivias
 * (its period and per-trivia attempt limit applied) and the mean of their times, exactly as the
 * ranking orders by them. One row for the whole campaign (`siteId` 0) and one per site the player
 * played at (the campaign as played there), so the first page of either ranking is a range read of
 * campaign_standings_order_idx.
 */
@Entity('campaign_standings')
/** Best first, in the campaign ranking's order (DESC columns, so defined by its migration). */
@Index('campaign_standings_order_idx', { synchronize: false })
export class CampaignStandingEntity {
  @PrimaryColumn('integer', { primaryKeyConstraintName: 'PK_campaign_standings' })
  campaignId: number;

  /** 0: every site; otherwise the site the counted attempts were played at. */
  @PrimaryColumn('integer', { primaryKeyConstraintName: 'PK_campaign_standings' })
  siteId: number;

  @PrimaryColumn('integer', { primaryKeyConstraintName: 'PK_campaign_standings' })
  @Index('campaign_standings_player_id_idx')
  playerId: number;

  @ManyToOne(() => CampaignEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'campaign_id', foreignKeyConstraintName: 'FK_campaign_standings_campaign' })
  campaign: Relation<CampaignEntity>;

  @ManyToOne(() => PlayerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_campaign_standings_player' })
  player: Relation<PlayerEntity>;

  /** Exact (numeric): the average mode's means are ordered as computed, never rounded. */
  @Column('numeric')
  totalScore: string;

  @Column('numeric', { nullable: true })
  averageCompletionTime: string | null;

  /** The rest of what a ranking page shows, so a page reads the standings alone: the selected attempts' correct answers, summed. */
  @Column('integer')
  totalCorrectAnswers: number;

  /** The site of the player's most recent counted attempt (null: none known). No foreign key: a name is read per page. */
  @Column('integer', { nullable: true })
  locationId: number | null;

  /** Per trivia id: the score the mode selected, to two decimals. */
  @Column('jsonb')
  bestScores: Record<string, number>;

  /** Per trivia id: the attempts that counted. */
  @Column('jsonb')
  attemptsCount: Record<string, number>;
}
