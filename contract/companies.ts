import { z } from 'zod';
import { MAX_ID, optionalText, requiredText } from './common';

const INVALID_COMPANY = 'Selecciona una empresa válida';

/**
 * The company a site or a trivia belongs to: absent (or the form's empty choice,
 * NaN) → required; anything else that is not an id → invalid.
 */
export const companyIdField = z
  .number({ error: (issue) => (issue.input == null || Number.isNaN(issue.input) ? 'La empresa es requerida' : INVALID_COMPANY) })
  .int(INVALID_COMPANY)
  .positive(INVALID_COMPANY)
  .max(MAX_ID, INVALID_COMPANY);

/** Company and site forms: name required, description optional (docs/decisions.md, "Admin screens"). */
export const companySchema = z.strictObject({
  name: requiredText('El nombre es requerido', 120),
  description: optionalText(1000),
  /**
   * Older clients send logoUrl in this body, so a client that sends it is not refused, but it is ignored:
   * a logo is set only through PUT /api/companies/{id}/logo, which checks the upload's owner and file.
   */
  logoUrl: z.unknown().optional().transform(() => undefined),
});
export type CompanyInput = z.input<typeof companySchema>;

export const locationSchema = z.strictObject({
  name: requiredText('El nombre es requerido', 120),
  companyId: companyIdField,
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
