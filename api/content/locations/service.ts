import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { locationSchema } from '../../../contract';
import { LocationEntity } from '../../../db/entities';
import { missing } from '../../platform/access/not-found';
import { findCompany } from '../companies/service';
import { forgetSiteStandings } from '../../standings/refresh';

type LocationData = z.output<typeof locationSchema>;

/** The sites of a company, by name; 404 when the company does not exist. */
export async function listLocations(em: EntityManager, companyId: number): Promise<LocationEntity[]> {
  await findCompany(em, companyId);
  return em.find(LocationEntity, { where: { companyId }, order: { name: 'ASC', id: 'ASC' } });
}

export async function createLocation(em: EntityManager, input: LocationData): Promise<LocationEntity> {
  await findCompany(em, input.companyId);
  return em.save(em.create(LocationEntity, { name: input.name, companyId: input.companyId }));
}

export async function updateLocation(em: EntityManager, id: number, input: LocationData): Promise<LocationEntity> {
  const location = await em.findOneBy(LocationEntity, { id });
  if (!location) throw missing('location');
  if (input.companyId !== location.companyId) await findCompany(em, input.companyId);
  location.name = input.name;
  location.companyId = input.companyId;
  return em.save(location);
}

/** Players and attempts that named the site keep their records; the FKs clear their site. */
export function deleteLocation(em: EntityManager, id: number): Promise<void> {
  return em.transaction(async (tx) => {
    const result = await tx.delete(LocationEntity, { id });
    if (!result.affected) throw missing('location');
    await forgetSiteStandings(tx, id);
  });
}
