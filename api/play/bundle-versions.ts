import type { EntityManager } from 'typeorm';
import { notFound } from '../errors';
import { GROUP_NOT_FOUND } from '../question-groups/service';
import { prepared } from '../../db/prepared-statements';

/**
 * A fingerprint of the rows a trivia's bundle is built from (api/play/service.ts, loadBundle: the
 * trivia and its company, its questions and their answers, the document types, the company's sites
 * and data-treatment texts), read in one statement. Every row PostgreSQL writes gets a new `xmin`
 * (the transaction that wrote it) and a deleted row leaves the list, so the fingerprint moves with
 * any insert, update or delete, whoever makes it. It is only a cache key: the version itself is
 * the hash of the bundle's content (presenter.ts), so a row rewritten with the same content keeps
 * the version. Keep the tables here in step with loadBundle.
 */
const FINGERPRINT_SQL = prepared(`
  SELECT md5(concat_ws('|', g.xmin::text, c.xmin::text,
    (SELECT string_agg(q.id || ':' || q.xmin::text, ',' ORDER BY q.id) FROM questions q WHERE q.group_id = g.id),
    (SELECT string_agg(a.id || ':' || a.xmin::text, ',' ORDER BY a.id) FROM answers a JOIN questions q ON q.id = a.question_id WHERE q.group_id = g.id),
    (SELECT string_agg(d.id || ':' || d.xmin::text, ',' ORDER BY d.id) FROM document_types d),
    (SELECT string_agg(l.id || ':' || l.xmin::text, ',' ORDER BY l.id) FROM locations l WHERE l.company_id = g.company_id),
    (SELECT string_agg(t.id || ':' || t.xmin::text, ',' ORDER BY t.id) FROM consent_texts t WHERE t.company_id = g.company_id)
  )) AS fingerprint
  FROM question_groups g JOIN companies c ON c.id = g.company_id
  WHERE g.id = $1`);

/** Trivias whose version one process remembers; past this the oldest entry is forgotten. */
const REMEMBERED_TRIVIAS = 1_000;

/**
 * The bundle's version without building the bundle: a returning kiosk's revalidation costs one
 * statement and no hashing while nothing changed. One per app (its own database).
 */
export class BundleVersions {
  private readonly known = new Map<number, { fingerprint: string; version: string }>();

  /** The rows' fingerprint now; 404 when the trivia is missing. Read it before building the bundle. */
  async fingerprint(em: EntityManager, groupId: number): Promise<string> {
    const [row]: { fingerprint: string }[] = await em.query(FINGERPRINT_SQL, [groupId]);
    if (!row) throw notFound(GROUP_NOT_FOUND);
    return row.fingerprint;
  }

  /** The version of the bundle built from rows with this fingerprint, when it was built before. */
  versionOf(groupId: number, fingerprint: string): string | undefined {
    const known = this.known.get(groupId);
    return known?.fingerprint === fingerprint ? known.version : undefined;
  }

  /**
   * Remembers the version of a bundle built after `fingerprint` was read. Had the rows changed in
   * between, the next read gives another fingerprint, so a stale pair is never matched.
   */
  remember(groupId: number, fingerprint: string, version: string): void {
    this.known.delete(groupId);
    this.known.set(groupId, { fingerprint, version });
    if (this.known.size > REMEMBERED_TRIVIAS) this.known.delete(this.known.keys().next().value!);
  }
}
