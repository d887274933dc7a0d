import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ConsentTextEntity } from './consent-text.entity';
import { DocumentTypeEntity } from './document-type.entity';
import { LocationEntity } from './location.entity';

@Entity('players')
@Index('players_document_key', ['documentTypeId', 'documentNumber'], { unique: true })
export class PlayerEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('varchar', { length: 150 })
  fullName: string;

  @Column('varchar', { length: 100 })
  firstName: string;

  @Column('varchar', { length: 100 })
  lastName: string;

  @Column('integer')
  documentTypeId: number;

  @ManyToOne(() => DocumentTypeEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'document_type_id' })
  documentType: Relation<DocumentTypeEntity>;

  /** Null once an admin erased the player's personal data. */
  @Column('varchar', { length: 30, nullable: true })
  documentNumber: string | null;

  @Index('players_location_id_idx')
  @Column('integer', { nullable: true })
  locationId: number | null;

  /** A deleted site leaves its players with the site cleared, so their results still rank (docs/decisions.md, "Rounds, scores and review"). */
  @ManyToOne(() => LocationEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'location_id' })
  location: Relation<LocationEntity> | null;

  @Column('varchar', { length: 40, nullable: true })
  phone: string | null;

  @Column('varchar', { length: 200, nullable: true })
  email: string | null;

  /** The data-treatment text version the player agreed to (null: none was asked). */
  @Column('integer', { nullable: true })
  consentTextId: number | null;

  @ManyToOne(() => ConsentTextEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'consent_text_id', foreignKeyConstraintName: 'FK_players_consent_text' })
  consentText: Relation<ConsentTextEntity> | null;

  /** When the player agreed (the device's clock when registered offline). */
  @Column('timestamptz', { nullable: true })
  consentedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
