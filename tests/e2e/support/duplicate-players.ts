import { randomInt } from 'node:crypto';
import type { Company, Location } from '../../../contract';
import { createFourQuestionTrivia, postJson, type Requester } from './admin-api';
import { appQuery } from './app-database';
import { playBundle, syncRankedResults } from './ranked-results';

/**
 * Three ranked players that are one person: registered before the identity rule under three
 * spellings of one cédula. The API no longer stores such spellings, so the numbers are rewritten
 * in the database to what an older version stored.
 */
export async function seedOnePersonThreeTimes(page: Requester, label: string) {
  const suffix = randomInt(100_000, 999_999);
  const company = await postJson<Company>(page, '/api/companies', { name: `${label} ${suffix}` });
  await postJson<Location>(page, '/api/locations', { name: 'Stand Unión', companyId: company.id });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia ${label} ${suffix}`);
  const number = String(randomInt(1_000_000_000, 9_999_999_999));
  const stored = [number, `0${number}`, `${number.slice(0, 3)}-${number.slice(3)}`];
  const names = [`Marta Gil ${suffix}`, `Marta G. Gil ${suffix}`, `Marta Gil Ruiz ${suffix}`];
  const temporary = stored.map((_, i) => String(randomInt(1_000_000_000, 9_999_999_999)) + i);
  await syncRankedResults(page, await playBundle(page, trivia.id), names, 30, temporary);
  for (const [i, spelling] of stored.entries()) {
    await appQuery(`UPDATE players SET document_number = $2 WHERE document_type_id = 1 AND document_number = $1`, [temporary[i], spelling]);
  }
  return { trivia, number, names };
}
