import { useMutation } from '@tanstack/react-query';
import type { LogoEntityType, LogoPathReply, UploadedLogo, UploadUrlReply } from '../../../../contract';
import { api } from '../../../lib/api';
import { putToSignedUrl } from '../../uploads/put-to-signed-url';

/** The API path of an entity's logo. */
export const logoPath = (entityType: LogoEntityType, entityId: number) =>
  `/api/${entityType === 'company' ? 'companies' : 'question-groups'}/${entityId}/logo`;

/** A failed step of the upload: `step` is the text naming it, `cause` what the server said. */
export class LogoUploadError extends Error {
  constructor(
    readonly step: string,
    readonly reason: unknown,
  ) {
    super(step);
    this.name = 'LogoUploadError';
  }
}

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new LogoUploadError(name, error);
  }
}

/** The three steps: ask for an upload URL, PUT the bytes there, attach the logo. */
export async function uploadLogo(entityType: LogoEntityType, entityId: number, file: File): Promise<string> {
  const { uploadUrl } = await step('Error al obtener URL de subida', () =>
    api.post<UploadUrlReply>('/api/logos/upload-url', { entityType, entityId }),
  );
  const { logoUrl } = await step('Error al subir el archivo', () => putToSignedUrl<UploadedLogo>(uploadUrl, file));
  const reply = await step('Error al actualizar el logo', () => api.put<LogoPathReply>(logoPath(entityType, entityId), { logoUrl }));
  return reply.logoPath;
}

export function useUploadLogo(entityType: LogoEntityType, entityId: number) {
  return useMutation({ mutationFn: (file: File) => uploadLogo(entityType, entityId, file) });
}
