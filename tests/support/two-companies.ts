import type { TestApi } from './api-server';
import { insertCompletedAttempt } from './attempts';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from './factories';

/**
 * Two client companies of one installation, for tests of who may see and do what: each with a
 * site, a trivia whose public screens show names as "Ana G." (first-initial), a campaign holding
 * it, a kiosk set up for it with a refused mutation, and a player of its own with a counted and a
 * held result. `shared` registered at A's site and played at both companies' trivias.
 */
export async function buildTwoCompanies(api: TestApi) {
  const ds = api.dataSource;
  const build = async (letter: 'A' | 'B') => {
    const company = await buildCompany(ds, { name: `Cliente ${letter}` });
    const site = await buildLocation(ds, company.id, `Sede ${letter}`);
    const { group } = await buildTrivia(ds, company.id, { questions: 3, overrides: { name: `Trivia ${letter}`, publicNames: 'first-initial' } });
    const [campaign] = await ds.query(
      `INSERT INTO campaigns (name, company_id, start_date, end_date, public_names) VALUES ($1, $2, current_date - 1, current_date + 1, 'first-initial') RETURNING id`,
      [`Campaña ${letter}`, company.id],
    );
    await ds.query(`INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") VALUES ($1, $2, 1, 1)`, [campaign.id, group.id]);
    const player = await buildPlayer(ds, { fullName: `Ana María Gómez ${letter}`, firstName: 'Ana María', lastName: `Gómez ${letter}`, locationId: site.id });
    const counted = await insertCompletedAttempt(ds, { playerId: player.id, groupId: group.id, score: 80, locationId: site.id });
    const held = await insertCompletedAttempt(ds, { playerId: player.id, groupId: group.id, score: 90, reviewStatus: 'held', reviewReason: 'implausible_time' });
    const [kiosk] = await ds.query(
      `INSERT INTO devices (id, secret_hash, kiosk_name, kiosk_question_group_id, kiosk_setup_at) VALUES (gen_random_uuid(), repeat('0', 64), $1, $2, now()) RETURNING id`,
      [`Kiosco ${letter}`, group.id],
    );
    await ds.query(
      `INSERT INTO sync_mutations (device_id, mutation_id, kind, payload_hash, payload, status, reason) VALUES ($1, 1, 'player', repeat('0', 64), '{}', 'rejected', $2)`,
      [kiosk.id, `Rechazo ${letter}`],
    );
    return { company, site, trivia: group, campaignId: campaign.id as number, player, counted, held, kioskId: kiosk.id as string };
  };
  const a = await build('A');
  const b = await build('B');
  const shared = await buildPlayer(ds, { fullName: 'Compartida Ruiz', firstName: 'Compartida', lastName: 'Ruiz', locationId: a.site.id });
  for (const { trivia } of [a, b]) await insertCompletedAttempt(ds, { playerId: shared.id, groupId: trivia.id, score: 50 });
  return { a, b, shared };
}
export type TwoCompanies = Awaited<ReturnType<typeof buildTwoCompanies>>;

/** An id no object has: what a route answers for a missing one is what it must answer for one beyond reach. */
export const MISSING_ID = 999_999;
