import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A stored picture (docs/pictures.md): named by its source's content, its variants on disk under
 * `pictures/` in the upload directory. Questions and answers point at it by name; once none does
 * (and it was used, or was uploaded long enough ago), it is removed with its files.
 */
@Entity('pictures')
export class PictureEntity {
  /** 'p' and 24 hex digits of the source's SHA-256. */
  @PrimaryColumn('varchar', { length: 25 })
  name: string;

  /** Of the largest width stored, in pixels (the others follow from it: contract/picture-paths.ts). */
  @Column('integer')
  width: number;

  @Column('integer')
  height: number;

  /** The stored variants' bytes, all widths and formats together. */
  @Column('integer')
  bytes: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** When a question or an answer first used it; null until then. */
  @Column('timestamptz', { nullable: true })
  attachedAt: Date | null;
}
