import { z } from 'zod';

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_TOO_LARGE_MESSAGE = 'El archivo es muy grande. Máximo 5MB permitido';
export const LOGO_NOT_IMAGE_MESSAGE = 'Por favor selecciona un archivo de imagen válido';

export const uploadUrlSchema = z.strictObject({
  entityType: z.enum(['company', 'question-group']),
  entityId: z.number().int().positive(),
});

/** A stored upload's path: /api/uploads/<random name>.<extension found from its bytes>. */
export const UPLOADED_LOGO_PATTERN = /^\/api\/uploads\/[a-z0-9-]+\.(?:png|jpg|gif|webp)$/;

export const setLogoSchema = z.strictObject({
  logoUrl: z.string().regex(UPLOADED_LOGO_PATTERN, 'Logo no válido'),
});

export type LogoEntityType = z.infer<typeof uploadUrlSchema>['entityType'];

/** POST /api/logos/upload-url reply: where to PUT the image bytes (signed, 10 minutes, one object). */
export interface UploadUrlReply {
  uploadUrl: string;
}

/** PUT {uploadUrl} reply: the stored image's path, to pass to PUT .../logo. */
export interface UploadedLogo {
  logoUrl: string;
}

/** PUT /api/companies/{id}/logo and /api/question-groups/{id}/logo reply. */
export interface LogoPathReply {
  logoPath: string;
}
