import { z } from 'zod';
import { DATE_RANGE_MESSAGE, MAX_ID, dateInRange, optionalText } from './common';
import { PUBLIC_NAME_STYLES, type PublicNameStyle } from './big-screen';
import type { ErrorCode } from './errors';

export const SELECTION_MODES = ['best', 'last', 'first', 'average'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];
export const SELECTION_MODE_LABELS: Record<SelectionMode, string> = {
  best: 'Mejor intento',
  last: 'Último intento',
  first: 'Primer intento',
  average: 'Promedio de intentos',
};

/** A day of the campaign's period, inside DATE_RANGE. */
const date = (message: string) => z.iso.date({ error: message }).refine(dateInRange, DATE_RANGE_MESSAGE);

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
    /** How public screens show players' names; kept as it is when left out. */
    publicNames: z.enum(PUBLIC_NAME_STYLES).optional(),
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

/**
 * POST /api/campaign-question-groups. The server places the trivia after the campaign's last one;
 * `order` is still accepted from older clients and ignored.
 */
export const campaignLinkSchema = z.strictObject({
  campaignId: z.number().int().positive().max(MAX_ID),
  questionGroupId: z
    .number({ error: 'Seleccione una trivia' })
    .int('Seleccione una trivia')
    .positive('Seleccione una trivia')
    .max(MAX_ID, 'Seleccione una trivia'),
  weight: weight.default(10),
  order: z.number().int().min(0).optional(),
});
export type CampaignLinkInput = z.input<typeof campaignLinkSchema>;

/** PATCH /api/campaign-question-groups/{id}: a new weight, or `order`, a move to that position (see campaignLinkMoveSchema). */
export const campaignLinkUpdateSchema = z.union([
  z.strictObject({ order: z.number().int().min(0) }),
  z.strictObject({ weight }),
]);

/** POST /api/campaigns/{id}/question-groups/bulk: the trivias go last, in the order listed; `startingOrder` is accepted and ignored. */
export const bulkLinkSchema = z.strictObject({
  questionGroupIds: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(500),
  weight: weight.default(10),
  startingOrder: z.number().int().min(0).optional(),
});

export const MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];

const MOVE_MESSAGE = 'Indique una dirección (up o down) o una posición';

/**
 * POST /api/campaigns/{campaignId}/question-groups/{questionGroupId}/move: one place up or down, or
 * to a position (1 is first). The server renumbers the campaign's trivias 1..n; moving the first up,
 * the last down, or to a position past either end leaves it at that end (200, nothing else moves).
 */
export const campaignLinkMoveSchema = z.union(
  [
    z.strictObject({ direction: z.enum(MOVE_DIRECTIONS, { error: MOVE_MESSAGE }) }),
    z.strictObject({ position: z.number({ error: MOVE_MESSAGE }).int(MOVE_MESSAGE).min(1, 'La posición debe ser al menos 1').max(MAX_ID, MOVE_MESSAGE) }),
  ],
  { error: MOVE_MESSAGE },
);
export type CampaignLinkMove = z.infer<typeof campaignLinkMoveSchema>;

export interface Campaign {
  id: number;
  name: string;
  description: string | null;
  companyId: number;
  startDate: string;
  endDate: string;
  maxAttemptsPerTrivia: number;
  attemptSelectionMode: SelectionMode;
  publicNames: PublicNameStyle;
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
  /** A refused trivia carries the reason in Spanish and its machine `code` (`campaign_link_exists`, `campaign_other_company`, `not_found`). */
  details: { questionGroupId: number; success: boolean; error?: string; code?: ErrorCode }[];
}

/** GET /api/public/campaigns/{id}: what the public ranking page shows of its campaign. */
export type PublicCampaign = Pick<Campaign, 'id' | 'name' | 'description' | 'startDate' | 'endDate' | 'companyId'>;
