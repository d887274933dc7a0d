import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** The scores CSV, saved under the server's name (accents kept). */
export const downloadScores = (groupId: number): Promise<string> => downloadFile(`/api/question-groups/${groupId}/export-scores`, `puntajes_${groupId}.csv`);

export function useDownloadScores() {
  return useMutation({ mutationFn: downloadScores, meta: { errorTitle: 'Error al descargar el archivo de puntajes' } });
}
