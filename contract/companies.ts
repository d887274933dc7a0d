import { z } from 'zod';
import { optionalText, requiredText } from './common';

/** The spec leaves company and location schemas open ("not shown"): name required, description optional. */
export const companySchema = z.strictObject({
  name: requiredText('El nombre es requerido', 120),
  description: optionalText(1000),
  /**
   * The spec lists logoUrl in this body, so a client that sends it is not refused, but it is ignored:
   * a logo is set only through PUT /api/companies/{id}/logo, which checks the upload's owner and file.
   */
  logoUrl: z.unknown().optional().transform(() => undefined),
});
export type CompanyInput = z.input<typeof companySchema>;

export const locationSchema = z.strictObject({
  name: requiredText('El nombre es requerido', 120),
  companyId: z.number({ error: 'La empresa es requerida' }).int().positive('Selecciona una empresa válida'),
});
export type LocationInput = z.input<typeof locationSchema>;

export interface Company {
  id: number;
  name: string;
  description: string | null;
  logoUrl: string | null;
}

export interface Location {
  id: number;
  name: string;
  companyId: number;
}

/** GET /api/dashboard (extension): the home cards' counts in one call. */
export interface DashboardCounts {
  companies: number;
  trivias: number;
  campaigns: number;
}
