import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { locationSchema } from '../../../contract';
import { LocationEntity } from '../../../db/entities';
import { notFound } from '../../platform/http/errors';
import { changesBetween, quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { findCompany } from '../companies/service';
import { forgetSiteStandings } from '../../standings/refresh';

type LocationData = z.output<typeof locationSchema>;

export const LOCATION_NOT_FOUND = 'Sede no encontrada';

/** The sites of a company, by name; 404 when the company does not exist. */
export async function listLocations(em: EntityManager, companyId: number): Promise<LocationEntity[]> {
  await findCompany(em, companyId);
  return em.find(LocationEntity, { where: { companyId }, order: { name: 'ASC', id: 'ASC' } });
}

export function createLocation(em: EntityManager, input: LocationData, actor: Actor): Promise<LocationEntity> {
  return em.transaction(async (tx) => {
    await findCompany(tx, input.companyId);
    const location = await tx.save(tx.create(LocationEntity, { name: input.name, companyId: input.companyId }));
    await recordActivity(tx, actor, { companyId: location.companyId, kind: 'location', objectId: location.id, action: 'created', summary: `Creó la sede ${quoted(location.name)}`, changes: { name: [null, location.name] } });
    return location;
  });
}

export function updateLocation(em: EntityManager, id: number, input: LocationData, actor: Actor): Promise<LocationEntity> {
  return em.transaction(async (tx) => {
    const location = await tx.findOneBy(LocationEntity, { id });
    if (!location) throw notFound(LOCATION_NOT_FOUND);
    if (input.companyId !== location.companyId) await findCompany(tx, input.companyId);
    const before = { ...location };
    location.name = input.name;
    location.companyId = input.companyId;
    const saved = await tx.save(location);
    const changes = changesBetween<LocationEntity>(before, saved, ['name', 'companyId']);
    await recordActivity(tx, actor, { companyId: saved.companyId, kind: 'location', objectId: id, action: 'changed', summary: `Editó la sede ${quoted(saved.name)}`, changes });
    return saved;
  });
}

/** Players and attempts that named the site keep their records; the FKs clear their site. */
export function deleteLocation(em: EntityManager, id: number, actor: Actor): Promise<void> {
  return em.transaction(async (tx) => {
    const location = await tx.findOneBy(LocationEntity, { id });
    const result = await tx.delete(LocationEntity, { id });
    if (!result.affected || !location) throw notFound(LOCATION_NOT_FOUND);
    await recordActivity(tx, actor, { companyId: location.companyId, kind: 'location', objectId: id, action: 'deleted', summary: `Borró la sede ${quoted(location.name)}` });
    await forgetSiteStandings(tx, id);
  });
}
