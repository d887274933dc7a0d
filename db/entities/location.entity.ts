import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CompanyEntity } from './company.entity';

@Entity('locations')
export class LocationEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('varchar', { length: 120 })
  name: string;

  @Index('locations_company_id_idx')
  @Column('integer')
  companyId: number;

  /** Deleting a company removes its sites (a company with trivias or campaigns cannot be deleted: api/content/companies/service.ts). */
  @ManyToOne(() => CompanyEntity, (company) => company.locations, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company: Relation<CompanyEntity>;
}
