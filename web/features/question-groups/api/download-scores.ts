import { useMutation } from '@tanstack/react-query';
import { send } from '../../../lib/api';

/** The file name the server chose (Content-Disposition), or a fallback. */
function fileNameOf(response: Response, groupId: number): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? `puntajes_${groupId}.csv`;
}

/** GET the scores CSV (not JSON, so read as a file) and save it. */
export async function downloadScores(groupId: number): Promise<string> {
  const response = await send('GET', `/api/question-groups/${groupId}/export-scores`);
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
