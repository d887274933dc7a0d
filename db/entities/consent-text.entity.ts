import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CompanyEntity } from './company.entity';
import { UserEntity } from './user.entity';

/**
 * One version of a company's data-treatment text ("Tratamiento de datos"). Versions are only
 * added, never edited: the newest is the current one, and an empty text means the company asks
 * for no consent. A player keeps the version agreed to.
 */
@Entity('consent_texts')
@Index('consent_texts_company_version_key', ['companyId', 'version'], { unique: true })
export class ConsentTextEntity {
  @PrimaryGeneratedColumn('increment', { primaryKeyConstraintName: 'PK_consent_texts' })
  id: number;

  @Column('integer')
  companyId: number;

  @ManyToOne(() => CompanyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'FK_consent_texts_company' })
  company: Relation<CompanyEntity>;

  /** 1, 2, 3… per company. */
  @Column('integer')
  version: number;

  @Column('text')
  text: string;

  @Column('integer', { nullable: true })
  createdBy: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'FK_consent_texts_created_by' })
  creator: Relation<UserEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
