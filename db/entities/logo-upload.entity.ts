import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One stored logo upload per signed upload URL (its object name). A second upload through the same
 * URL finds the row and is refused, whatever image type it brings. Rows never attached to a logo
 * are swept, with their files, after a day (UPLOAD_SWEEP_HOURS).
 */
@Entity('logo_uploads')
export class LogoUploadEntity {
  /** The object name the upload URL was signed for (`company-3-<uuid>`). */
  @PrimaryColumn('varchar', { length: 100 })
  objectName: string;

  /** The stored file: the object name and the extension found from its bytes. */
  @Index('logo_uploads_file_name_key', { unique: true })
  @Column('varchar', { length: 120 })
  fileName: string;

  @Index('logo_uploads_unattached_idx', { where: 'attached_at IS NULL' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** When it became a company's or trivia's logo; null until then. */
  @Column('timestamptz', { nullable: true })
  attachedAt: Date | null;
}
