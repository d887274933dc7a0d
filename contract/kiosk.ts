import { z } from 'zod';
import { MAX_ID } from './common';
import { KIOSK_NAME_MAX, KIOSK_SETUP_TOKEN_PATTERN } from './kiosk-values';

export * from './kiosk-values';

/** What a device sends to redeem a setup link: the token, the trivia it was opened for, the kiosk's name. */
export const kioskSetupSchema = z.strictObject({
  token: z.string({ error: 'El enlace de configuración no es válido' }).regex(KIOSK_SETUP_TOKEN_PATTERN, 'El enlace de configuración no es válido'),
  questionGroupId: z.number({ error: 'Trivia no válida' }).int().positive().max(MAX_ID),
  name: z
    .string({ error: 'El nombre del kiosco es requerido' })
    .trim()
    .min(1, 'El nombre del kiosco es requerido')
    .max(KIOSK_NAME_MAX, `El nombre admite hasta ${KIOSK_NAME_MAX} caracteres`),
});
export type KioskSetupInput = z.input<typeof kioskSetupSchema>;

/** What a device sends to check a setup link before staff fill the form: the token and the trivia it was opened for. */
export const kioskSetupCheckSchema = kioskSetupSchema.pick({ token: true, questionGroupId: true });
