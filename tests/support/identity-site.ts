import type { DataSource } from 'typeorm';
import type { TestApi } from './api-server';
import { buildCompany, buildLocation, buildTrivia } from './factories';
import { documentTypeId } from './player-flow';

/** The hostile player's four spellings of one cédula. */
export const spellings = (number: string) => [number, `0${number}`, `${number.slice(0, 3)}-${number.slice(3)}`, `${number}-`];

/** A company with one site and two trivias (`trivia` without an attempt limit, `once` of one attempt), and the CC and PA document types. */
export async function buildIdentitySite(ds: DataSource) {
  const cc = await documentTypeId(ds);
  const pa = await documentTypeId(ds, 'PA');
  const company = await buildCompany(ds, { name: 'Feria Identidad' });
  const site = await buildLocation(ds, company.id, 'Pabellón 1');
  const trivia = await buildTrivia(ds, company.id, { overrides: { maxAttempts: 0 } });
  const once = await buildTrivia(ds, company.id, { overrides: { maxAttempts: 1 } });
  return { cc, pa, company, site, trivia, once };
}
export type IdentitySite = Awaited<ReturnType<typeof buildIdentitySite>>;

/** A player's registration and document check at the site, as the player screen sends them. `session` is read at each call (the site is built in beforeAll). */
export function identityRequests(session: () => { api: TestApi } & Pick<IdentitySite, 'cc' | 'company' | 'site' | 'trivia'>) {
  const register = (documentNumber: string, documentType = session().cc, fullName = 'Laura Gómez') =>
    session().api.client().post('/api/players', { fullName, documentTypeId: documentType, documentNumber, locationId: session().site.id });
  const validate = (documentNumber: string, group = session().trivia.group.id) =>
    session().api.client().post('/api/players/validate', { documentTypeId: session().cc, documentNumber, companyId: session().company.id, questionGroupId: group });
  return { register, validate };
}
