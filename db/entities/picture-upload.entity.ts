import { CreateDateColumn, Entity, Column, PrimaryColumn } from 'typeorm';

/** One picture per signed upload URL (its object name): a second upload through it is refused. Swept once the URL expired. */
@Entity('picture_uploads')
export class PictureUploadEntity {
  @PrimaryColumn('varchar', { length: 100 })
  objectName: string;

  /** The picture it stored; null while it is being processed. */
  @Column('varchar', { length: 25, nullable: true })
  pictureName: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
