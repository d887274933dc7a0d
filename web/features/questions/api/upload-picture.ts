import { useMutation } from '@tanstack/react-query';
import { IMAGE_MIME_TYPES, PICTURE_MAX_BYTES, PICTURE_NOT_IMAGE_MESSAGE, PICTURE_TOO_LARGE_MESSAGE, type Picture, type UploadUrlReply } from '../../../../contract';
import { ApiError, api } from '../../../lib/api';
import type { FileRule } from '../../../shared/uploads/file-problem';
import { putToSignedUrl } from '../../../shared/uploads/put-to-signed-url';

/** What the picture control takes (docs/pictures.md): the server checks the bytes again. */
export const PICTURE_FILES: FileRule = {
  types: IMAGE_MIME_TYPES,
  maxBytes: PICTURE_MAX_BYTES,
  notAccepted: PICTURE_NOT_IMAGE_MESSAGE,
  tooLarge: PICTURE_TOO_LARGE_MESSAGE,
};

/** The uploads of one trivia's editor: saving waits while any runs. */
export const pictureUploadKey = (groupId: number) => ['pictures', 'upload', groupId] as const;

/** A signed URL for the trivia, then the file's bytes to it: the stored picture, not yet in any question. */
export async function uploadPicture(groupId: number, file: File): Promise<Picture> {
  const { uploadUrl } = await api.post<UploadUrlReply>('/api/pictures/upload-url', { questionGroupId: groupId });
  return putToSignedUrl<Picture>(uploadUrl, file);
}

/**
 * Why an upload failed, in Spanish: the server's message (too large, not an image, too many
 * pixels or frames, unreadable, busy); a proxy's reply without one by its status; else the connection.
 */
export function pictureUploadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.body?.message) return error.body.message;
    if (error.status === 413) return PICTURE_TOO_LARGE_MESSAGE;
    if (error.status === 415) return PICTURE_NOT_IMAGE_MESSAGE;
  }
  return 'No se pudo subir la imagen. Revisa la conexión e inténtalo de nuevo.';
}

/** One picture control's upload (each control has its own, so its error shows beside it). */
export function useUploadPicture(groupId: number) {
  return useMutation({ mutationKey: pictureUploadKey(groupId), mutationFn: (file: File) => uploadPicture(groupId, file) });
}
