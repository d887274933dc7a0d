import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';

/** The file name the server chose (Content-Disposition), or a fallback. */
function fileNameOf(response: Response, groupId: number): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? `puntajes_${groupId}.csv`;
}

/**
 * GET the scores CSV and save it. A CSV is not JSON, so this read goes through fetch directly,
 * with the same cookies and marker header as every other call.
 */
export async function downloadScores(groupId: number): Promise<string> {
  const response = await fetch(`/api/question-groups/${groupId}/export-scores`, {
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!response.ok) {
    const text = await response.text();
    let body: ApiError['body'];
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, text, body, response.statusText);
  }
  const fileName = fileNameOf(response, groupId);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

export function useDownloadScores() {
  return useMutation({ mutationFn: downloadScores, meta: { errorTitle: 'Error al descargar el archivo de puntajes' } });
}
