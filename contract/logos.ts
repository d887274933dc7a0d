import { z } from 'zod';

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_TOO_LARGE_MESSAGE = 'El archivo es muy grande. Máximo 5MB permitido';
export const LOGO_NOT_IMAGE_MESSAGE = 'Por favor selecciona un archivo de imagen válido';

export const uploadUrlSchema = z.strictObject({
  entityType: z.enum(['company', 'question-group']),
  entityId: z.number().int().positive(),
});

export const setLogoSchema = z.strictObject({
  logoUrl: z.string().regex(/^\/api\/uploads\/[a-z0-9-]+\.(?:png|jpg|gif|webp)$/, 'Logo no válido'),
});
