import { z } from 'zod';
import { MAX_ID, optionalText } from './common';

export const SELECTION_MODES = ['best', 'last', 'first', 'average'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];
export const SELECTION_MODE_LABELS: Record<SelectionMode, string> = {
  best: 'Mejor intento',
  last: 'Último intento',
  first: 'Primer intento',
  average: 'Promedio de intentos',
};

const date = (message: string) => z.iso.date({ error: message });

export const campaignSchema = z
  .strictObject({
    name: z
      .string({ error: 'El nombre debe tener al menos 3 caracteres' })
      .trim()
      .min(3, 'El nombre debe tener al menos 3 caracteres')
      .max(150, 'Máximo 150 caracteres'),
    description: optionalText(1000),
    companyId: z
      .number({ error: 'La empresa es requerida' })
      .int('Selecciona una empresa válida')
      .positive('Selecciona una empresa válida')
      .max(MAX_ID, 'Selecciona una empresa válida'),
    startDate: date('Seleccione una fecha de inicio'),
    endDate: date('Seleccione una fecha de finalización'),
    maxAttemptsPerTrivia: z
      .number({ error: 'Debe permitir al menos 1 intento' })
      .int('El número de intentos debe ser un número entero')
      .min(1, 'Debe permitir al menos 1 intento')
      .max(100, 'Máximo 100 intentos por trivia')
      .default(1),
    attemptSelectionMode: z.enum(SELECTION_MODES).default('best'),
  })
  .refine((c) => c.endDate >= c.startDate, {
    message: 'La fecha de finalización no puede ser anterior a la fecha de inicio',
    path: ['endDate'],
  });
export type CampaignInput = z.input<typeof campaignSchema>;

const weight = z
  .number({ error: 'El peso debe ser al menos 1' })
  .int('El peso debe ser un número entero')
  .min(1, 'El peso debe ser al menos 1')
  .max(100, 'El peso no puede ser mayor a 100');

export const campaignLinkSchema = z.strictObject({
  campaignId: z.number().int().positive().max(MAX_ID),
  questionGroupId: z
    .number({ error: 'Seleccione un grupo de preguntas' })
    .int('Seleccione un grupo de preguntas')
    .positive('Seleccione un grupo de preguntas')
    .max(MAX_ID, 'Seleccione un grupo de preguntas'),
  weight: weight.default(10),
  order: z.number().int().min(0).optional(),
});
export type CampaignLinkInput = z.input<typeof campaignLinkSchema>;

export const campaignLinkUpdateSchema = z.union([
  z.strictObject({ order: z.number().int().min(0) }),
  z.strictObject({ weight }),
]);

export const bulkLinkSchema = z.strictObject({
  questionGroupIds: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(500),
  weight: weight.default(10),
  startingOrder: z.number().int().min(0).default(1),
});

export interface Campaign {
  id: number;
  name: string;
  description: string | null;
  companyId: number;
  startDate: string;
  endDate: string;
  maxAttemptsPerTrivia: number;
  attemptSelectionMode: SelectionMode;
  createdAt: string;
}

export interface CampaignLink {
  id: number;
  campaignId: number;
  questionGroupId: number;
  weight: number;
  order: number;
  questionGroup: { id: number; name: string; description: string | null };
}

export interface BulkLinkReply {
  added: number;
  errors: number;
  details: { questionGroupId: number; success: boolean; error?: string }[];
}

/** GET /api/public/campaigns/{id}: what the public ranking page shows of its campaign. */
export type PublicCampaign = Pick<Campaign, 'id' | 'name' | 'description' | 'startDate' | 'endDate' | 'companyId'>;
