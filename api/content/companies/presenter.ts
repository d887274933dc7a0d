import type { Company } from '../../../contract';
import type { CompanyEntity } from '../../../db/entities';

export function presentCompany(company: CompanyEntity): Company {
  return {
    id: company.id,
    name: company.name,
    description: company.description,
    logoUrl: company.logoUrl,
    timeZone: company.timeZone,
  } satisfies Company;
}
