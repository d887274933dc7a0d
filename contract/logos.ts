import { z } from 'zod';

import { IMAGE_FORMAT_NAMES, megabytes } from './image-formats';

/** The largest logo file (logos are stored as uploaded, not resized like question pictures). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_TOO_LARGE_MESSAGE = `El archivo es muy grande. Máximo ${megabytes(LOGO_MAX_BYTES)} permitido`;
export const LOGO_NOT_IMAGE_MESSAGE = `El archivo no es una imagen ${IMAGE_FORMAT_NAMES}`;
/** What the logo field says it takes: the formats and the limit the server applies. */
export const LOGO_HINT = `${IMAGE_FORMAT_NAMES} (máximo ${megabytes(LOGO_MAX_BYTES)})`;

export const uploadUrlSchema = z.strictObject({
  entityType: z.enum(['company', 'question-group']),
  entityId: z.number().int().positive(),
});

/** A stored upload's path: /api/uploads/<random name>.<extension found from its bytes>. */
export const UPLOADED_LOGO_PATTERN = /^\/api\/uploads\/[a-z0-9-]+\.(?:png|jpg|gif|webp|avif)$/;

/**
 * An upload URL as POST /api/logos/upload-url gave it (/api/uploads/<signed token>), also absolute
 * or with a query string: some clients pass it as the logo's URL, which names the object it stored.
 */
export const UPLOAD_URL_PATTERN = /^(?:https?:\/\/[^/?#\s]+)?\/api\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\?[^#\s]*)?$/;

/** PUT .../logo: the stored upload's path from PUT {uploadUrl}, or the upload URL itself. */
export const setLogoSchema = z.strictObject({
  logoUrl: z
    .string()
    .max(2000, 'Logo no válido')
    .refine((value) => UPLOADED_LOGO_PATTERN.test(value) || UPLOAD_URL_PATTERN.test(value), 'Logo no válido'),
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
