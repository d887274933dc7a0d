import type { Location } from '../../../contract';
import type { LocationEntity } from '../../../db/entities';

export function presentLocation(location: LocationEntity): Location {
  return { id: location.id, name: location.name, companyId: location.companyId } satisfies Location;
}
