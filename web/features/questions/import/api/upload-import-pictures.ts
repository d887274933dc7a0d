import { ApiError } from '../../../../lib/api';
import { fileProblem } from '../../../../shared/uploads/file-problem';
import { PICTURE_FILES, pictureUploadErrorText, uploadPicture } from '../../api/upload-picture';

/** A ZIP's pictures after their upload, by their path in the ZIP. */
export interface PictureUploads {
  /** The stored picture each was uploaded as. */
  stored: Record<string, string>;
  /** Why the server refused each (not an image, too large, too many pixels…): its rows are not imported. */
  refused: Record<string, string>;
  /** Why the uploads stopped before the last (the connection, the server): what is stored is kept. */
  interrupted?: string;
}

/** A busy picture queue (503 `picture_busy`: another organiser is uploading) is waited for, this many times. */
const BUSY_TRIES = 4;
const BUSY_WAIT_MS = 1500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function uploadWhenFree(groupId: number, file: File): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await uploadPicture(groupId, file)).name;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'picture_busy' && attempt < BUSY_TRIES)) throw error;
      await wait(BUSY_WAIT_MS * attempt);
    }
  }
}

/** The server read this picture and refused it (too large, not an image, unreadable…), as opposed to a failure to reach it. */
const isRefusal = (error: unknown) => error instanceof ApiError && [413, 415, 422].includes(error.status);

/**
 * Uploads a ZIP's pictures through the picture upload, one at a time (the server processes one
 * picture at a time), saying after each how many are done. A picture refused is noted and the rest
 * go on; a failure to reach the server stops the uploads, keeping what was stored.
 */
export async function uploadImportPictures(groupId: number, files: [path: string, file: File][], onProgress: (done: number) => void): Promise<PictureUploads> {
  const uploads: PictureUploads = { stored: {}, refused: {} };
  for (const [index, [path, file]] of files.entries()) {
    const problem = fileProblem(file, PICTURE_FILES);
    if (problem) uploads.refused[path] = problem;
    else {
      try {
        uploads.stored[path] = await uploadWhenFree(groupId, file);
      } catch (error) {
        if (!isRefusal(error)) return { ...uploads, interrupted: pictureUploadErrorText(error) };
        uploads.refused[path] = pictureUploadErrorText(error);
      }
    }
    onProgress(index + 1);
  }
  return uploads;
}
