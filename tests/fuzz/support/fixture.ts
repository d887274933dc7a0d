import type { DataSource } from 'typeorm';
import { CampaignEntity, CampaignQuestionGroupEntity } from '../../../db/entities';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../../support/factories';

/** The kinds of object a path parameter, a query value or a body field can name. */
export const RESOURCES = [
  'company',
  'location',
  'group',
  'question',
  'answer',
  'campaign',
  'link',
  'player',
  'attempt',
  'heldAttempt',
  'documentType',
] as const;
export type Resource = (typeof RESOURCES)[number];

export interface Fixture {
  ids: Record<Resource, number>;
  /** A signed logo upload URL's token, and the file name of a stored upload. */
  uploadToken: string;
  uploadFile: string;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** What the fixture needs from the running API: its data source and a way to call it as the admin. */
export interface FixtureApi {
  dataSource: DataSource;
  adminRequest(method: string, path: string, body?: unknown, raw?: { bytes: Uint8Array; contentType: string }): Promise<{ status: number; body: any }>;
}

/**
 * Real objects for the fuzzer to aim at, so requests get past "not found" into the code behind
 * it: a company with a site, a trivia with questions and answers, a campaign holding the trivia,
 * a player with an attempt in progress and one held for review, a signed upload URL and a stored
 * logo. Each route gets its own, rebuilt after a request deletes something.
 */
export async function buildFixture(api: FixtureApi): Promise<Fixture> {
  const ds = api.dataSource;
  const company = await buildCompany(ds, { name: 'Fuzz S.A.' });
  const location = await buildLocation(ds, company.id, 'Sede Fuzz');
  const trivia = await buildTrivia(ds, company.id, { questions: 5, answersPerQuestion: 3 });
  const campaign = await ds.getRepository(CampaignEntity).save({
    name: 'Campaña Fuzz',
    description: null,
    companyId: company.id,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    maxAttemptsPerTrivia: 3,
    attemptSelectionMode: 'best',
  });
  const link = await ds.getRepository(CampaignQuestionGroupEntity).save({ campaignId: campaign.id, questionGroupId: trivia.group.id, weight: 1, order: 1 });
  const player = await buildPlayer(ds, { locationId: location.id });
  const attempt = async (held: boolean): Promise<number> => {
    const [row] = await ds.query(
      `INSERT INTO player_attempts (player_id, question_group_id, location_id, score, total_questions, correct_answers,
                                    started_at, completed_at, completion_time, token_hash, review_status, review_reason)
       VALUES ($1, $2, $3, $4, 5, $5, now() - interval '5 minutes', $6, $7, repeat('0', 64), $8, $9) RETURNING id`,
      [player.id, trivia.group.id, location.id, held ? 60 : 0, held ? 3 : 0, held ? new Date() : null, held ? 40 : null, held ? 'held' : 'clean', held ? 'over_limit' : null],
    );
    return row.id as number;
  };
  const [documentType] = await ds.query(`SELECT id FROM document_types ORDER BY id LIMIT 1`);

  const grant = await api.adminRequest('POST', '/api/logos/upload-url', { entityType: 'company', entityId: company.id });
  if (grant.status !== 200) throw new Error(`fixture: upload URL refused (${grant.status})`);
  const uploadPath = String(grant.body.uploadUrl);
  const stored = await api.adminRequest('PUT', uploadPath, undefined, { bytes: PNG, contentType: 'image/png' });
  // A second grant for the fuzzer: the first may be good for one object only.
  const fuzzGrant = await api.adminRequest('POST', '/api/logos/upload-url', { entityType: 'company', entityId: company.id });
  return {
    ids: {
      company: company.id,
      location: location.id,
      group: trivia.group.id,
      question: trivia.items[0]!.question.id,
      answer: trivia.items[0]!.answers[0]!.id,
      campaign: campaign.id,
      link: link.id,
      player: player.id,
      attempt: await attempt(false),
      heldAttempt: await attempt(true),
      documentType: documentType.id,
    },
    uploadToken: String(fuzzGrant.body.uploadUrl).split('/').pop()!,
    uploadFile: stored.status === 201 ? String(stored.body.logoUrl).split('/').pop()! : 'missing.png',
  };
}
