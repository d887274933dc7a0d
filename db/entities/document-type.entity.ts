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
}
