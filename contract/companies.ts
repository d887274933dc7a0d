import { z } from 'zod';
import { MAX_ID, optionalText, requiredText } from './common';
import { TIME_ZONE_INVALID, canonicalTimeZone } from './time-zone';

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
  /**
   * The event's time zone (docs/decisions.md, "Time zones"): an IANA name, or empty / null for the
   * server's. Absent: left as it is (a client that does not know the field changes nothing).
   */
  timeZone: z
    .string()
    .max(64, TIME_ZONE_INVALID)
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value.trim() === '') return null;
      const canonical = canonicalTimeZone(value);
      if (!canonical) ctx.addIssue({ code: 'custom', message: TIME_ZONE_INVALID });
      return canonical ?? z.NEVER;
    }),
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
  /** The time zone the company chose for its screens and exports; null: the server's (`SessionReply.serverTimeZone`). */
  timeZone: string | null;
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
