import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { LocationEntity } from './location.entity';

@Entity('companies')
export class CompanyEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('varchar', { length: 120 })
  name: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('varchar', { length: 500, nullable: true })
  logoUrl: string | null;

  /** The event's time zone (IANA name) for screens and exports; null: the server's. */
  @Column('varchar', { length: 64, nullable: true })
  timeZone: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @OneToMany(() => LocationEntity, (location) => location.company)
  locations: Relation<LocationEntity[]>;
}
