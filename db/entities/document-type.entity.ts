import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('document_types')
export class DocumentTypeEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('varchar', { length: 100 })
  name: string;

  @Index('document_types_code_key', { unique: true })
  @Column('varchar', { length: 10 })
  code: string;

  @Column('text', { nullable: true })
  description: string | null;

  /**
   * Digits only (a cédula): its numbers are compared and stored without separators or leading
   * zeros; otherwise letters and digits, upper-cased (contract's `normalizeDocumentNumber`).
   */
  @Column('boolean', { default: false })
  numeric: boolean;
}
