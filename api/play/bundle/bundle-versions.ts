import type { EntityManager } from 'typeorm';
import { prepared } from '../../../db/prepared-statements';

/**
 * Where the rows a trivia's bundle is built from stand: a counter every write to them moves in
 * the writer's own transaction, whoever makes it (triggers on the bundle's tables, migration
 * BundleGeneration). One single-row read, so a revalidation costs no aggregate over the trivia's
 * rows. It is only a cache key: the version itself is the hash of the bundle's content
 * (presenter.ts), so a row rewritten with the same content keeps the version.
 */
const GENERATION_SQL = prepared('SELECT generation::text AS generation FROM bundle_generation');

/** Trivias whose version one process remembers; past this the oldest entry is forgotten. */
const REMEMBERED_TRIVIAS = 1_000;

/**
 * The bundle's version without building the bundle: a returning kiosk's revalidation costs one
 * statement and no hashing while nothing changed. One per app (its own database).
 */
export class BundleVersions {
  /** By trivia and copy: `<groupId>` without the answer key, `<groupId>+key` with it. */
  private readonly known = new Map<string, { fingerprint: string; version: string }>();

  /**
   * The bundle rows' generation now. Read it before building the bundle: the rows read after it
   * are at least that new. A missing trivia is never remembered, so it reaches loadBundle's 404.
   */
  async fingerprint(em: EntityManager): Promise<string> {
    const [row]: { generation: string }[] = await em.query(GENERATION_SQL);
    return row!.generation;
  }

  /** The version of the bundle built from rows with this fingerprint, when it was built before. */
  versionOf(copy: string, fingerprint: string): string | undefined {
    const known = this.known.get(copy);
    return known?.fingerprint === fingerprint ? known.version : undefined;
  }

  /**
   * Remembers the version of a bundle built after `fingerprint` was read. Had the rows changed in
   * between, the next read gives another fingerprint, so a stale pair is never matched.
   */
  remember(copy: string, fingerprint: string, version: string): void {
    this.known.delete(copy);
    this.known.set(copy, { fingerprint, version });
    if (this.known.size > REMEMBERED_TRIVIAS) this.known.delete(this.known.keys().next().value!);
  }
}
