import type { EntityManager } from 'typeorm';
import {
  CONSENT_REQUIRED_MESSAGE,
  CONSENT_VERSION_UNKNOWN_MESSAGE,
  type ConsentTextVersion,
  type PlayConsent,
} from '../../../contract';
import { badRequest } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { prepared } from '../../../db/prepared-statements';
import { recordActivity, type Actor } from '../../platform/activity/record';

interface ConsentTextRow {
  id: number;
  version: number;
  text: string;
  created_by: string | null;
  created_at: Date;
}

const presentVersion = (row: ConsentTextRow): ConsentTextVersion => ({
  version: row.version,
  text: row.text,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
});

async function requireCompany(em: EntityManager, companyId: number, lock = false): Promise<void> {
  const rows = await em.query(`SELECT id FROM companies WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [companyId]);
  if (rows.length === 0) throw missing('company');
}

/** Every version of a company's data-treatment text, newest first, with who saved it. */
export async function listConsentTexts(em: EntityManager, companyId: number): Promise<ConsentTextVersion[]> {
  await requireCompany(em, companyId);
  const rows: ConsentTextRow[] = await em.query(
    `SELECT c.id, c.version, c.text, u.username AS created_by, c.created_at
       FROM consent_texts c LEFT JOIN users u ON u.id = c.created_by
      WHERE c.company_id = $1 ORDER BY c.version DESC`,
    [companyId],
  );
  return rows.map(presentVersion);
}

/**
 * Saves a company's text as its next version, in a transaction of its own (the company row is locked, so two saves at once get
 * versions n and n+1), with its entry in "Actividad". Saving the current text again adds no version (its entry says so). An empty text is a version too:
 * from then on the company asks for no consent, and what players agreed to before stays recorded.
 */
export function saveConsentText(em: EntityManager, companyId: number, text: string, actor: Actor): Promise<ConsentTextVersion> {
  return em.transaction(async (tx) => {
    await requireCompany(tx, companyId, true);
    const [current]: ConsentTextRow[] = await tx.query(
      `SELECT c.id, c.version, c.text, u.username AS created_by, c.created_at
         FROM consent_texts c LEFT JOIN users u ON u.id = c.created_by
        WHERE c.company_id = $1 ORDER BY c.version DESC LIMIT 1`,
      [companyId],
    );
    if ((current?.text ?? '') === text) {
      await recordActivity(tx, actor, { companyId, kind: 'company', objectId: companyId, action: 'changed', summary: `Guardó el texto de tratamiento de datos sin cambios (versión ${current?.version ?? 0})` });
      return current ? presentVersion(current) : { version: 0, text: '', createdBy: null, createdAt: new Date(0).toISOString() };
    }
    const version = (current?.version ?? 0) + 1;
    await tx.query(`INSERT INTO consent_texts (company_id, version, text, created_by) VALUES ($1, $2, $3, $4)`, [companyId, version, text, actor.userId]);
    await recordActivity(tx, actor, {
      companyId,
      kind: 'company',
      objectId: companyId,
      action: 'changed',
      summary: text === '' ? `Quitó el texto de tratamiento de datos (versión ${version})` : `Guardó el texto de tratamiento de datos (versión ${version})`,
      changes: { consentText: [current?.text ?? null, text] },
    });
    return (await listConsentTexts(tx, companyId))[0]!;
  });
}

/** The text a company's players must agree to now; null when it has none (never set, or emptied). */
export async function currentConsent(em: EntityManager, companyId: number): Promise<PlayConsent | null> {
  const [row]: { version: number; text: string }[] = await em.query(
    prepared(`SELECT version, text FROM consent_texts WHERE company_id = $1 ORDER BY version DESC LIMIT 1`),
    [companyId],
  );
  return row && row.text !== '' ? { version: row.version, text: row.text } : null;
}

export interface ConsentGiven {
  consentVersion?: number;
  consentedAt?: string;
}

/** What a registration stores about consent: the agreed version's row and when. */
export interface StoredConsent {
  consentTextId: number;
  consentedAt: Date;
}

/**
 * What a registration's consent is checked against, read in the statement that reads the
 * registration's other facts (`consentFactsColumns`), so a registration asks nothing more.
 */
export interface ConsentFacts {
  /** The company has a current text (its latest version is not empty). */
  consent_required: boolean;
  /** The row of the version the registration agreed to, when the company has had that version (not empty); else null. */
  consent_text_id: number | null;
}

/** The select-list columns of ConsentFacts, for the company `companyId` and the agreed version `version` (SQL expressions; null: none). */
export const consentFactsColumns = (companyId: string, version: string) => `
  coalesce((SELECT c.text <> '' FROM consent_texts c WHERE c.company_id = ${companyId} ORDER BY c.version DESC LIMIT 1), false) AS consent_required,
  (SELECT c.id FROM consent_texts c WHERE c.company_id = ${companyId} AND c.version = ${version} AND c.text <> '') AS consent_text_id`;

/**
 * The consent one registration brings, checked against the company of its site (`facts`, read for
 * that company and the registration's version). A company with a current text requires a version;
 * the version must be one that company has had (an older one is fine: a kiosk may hold an older
 * bundle). Refused with `consent_required` or `consent_version_unknown`. `at` is when the server
 * received it; a synced registration keeps the device's `consentedAt` instead.
 */
export function checkConsent(
  companyId: number | null,
  facts: ConsentFacts,
  given: ConsentGiven,
  at: { channel: 'online' } | { channel: 'sync' },
): StoredConsent | null {
  if (companyId === null) return null;
  if (given.consentVersion === undefined) {
    if (facts.consent_required) {
      throw badRequest(CONSENT_REQUIRED_MESSAGE, { code: 'consent_required', issues: [{ path: 'consentVersion', message: CONSENT_REQUIRED_MESSAGE }] });
    }
    return null;
  }
  if (facts.consent_text_id === null) {
    throw badRequest(CONSENT_VERSION_UNKNOWN_MESSAGE, {
      code: 'consent_version_unknown',
      issues: [{ path: 'consentVersion', message: CONSENT_VERSION_UNKNOWN_MESSAGE }],
    });
  }
  const consentedAt = at.channel === 'sync' && given.consentedAt ? new Date(given.consentedAt) : new Date();
  return { consentTextId: facts.consent_text_id, consentedAt };
}
