import { send } from '../../lib/api';

/**
 * PUT of a file's raw bytes to a signed upload URL (a logo's, a picture's), with the file's own
 * content type: the server reads the bytes to know what they are. The URL's signature is the
 * authorisation, so no session cookie or CSRF marker goes with it. Answers the server's JSON reply.
 */
export async function putToSignedUrl<T>(uploadUrl: string, file: File): Promise<T> {
  const response = await send('PUT', uploadUrl, file, { headers: { 'Content-Type': file.type || 'application/octet-stream' }, signedUrl: true });
  return (await response.json()) as T;
}
