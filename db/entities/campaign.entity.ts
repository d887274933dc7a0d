import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { PublicNameStyle, SelectionMode } from '../../contract';
import { CompanyEntity } from './company.entity';

@Entity('campaigns')
export class CampaignEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('varchar', { length: 150 })
  name: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Index('campaigns_company_id_idx')
  @Column('integer')
  companyId: number;

  @ManyToOne(() => CompanyEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'company_id' })
  company: Relation<CompanyEntity>;

  @Column('date')
  startDate: string;

  @Column('date')
  endDate: string;

  @Column('integer', { default: 1 })
  maxAttemptsPerTrivia: number;

  @Column('varchar', { length: 10, default: 'best' })
  attemptSelectionMode: SelectionMode;

  /** How public screens show players' names. */
  @Column('varchar', { length: 20, default: 'full' })
  publicNames: PublicNameStyle;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
