import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE_MESSAGE,
  type ImportFormat,
  type ImportPreview,
  type ImportResult,
  type QuestionExportFormat,
  type QuestionImportInput,
} from '../../../../../contract';
import { downloadFile } from '../../../../lib/download';
import { toast } from '../../../../lib/toast-store';
import { postWithProgress } from './upload-with-progress';

/** A file's bytes in base64 (the API takes JSON only); refused here already when over the limit. */
export async function fileContent(file: File): Promise<string> {
  if (file.size > IMPORT_MAX_BYTES) throw new Error(IMPORT_TOO_LARGE_MESSAGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The spreadsheet (and, out of a ZIP, which pictures it came with: `pictureFiles`) checked row by row. */
export const previewImport = (groupId: number, body: QuestionImportInput, onProgress: (fraction: number) => void) =>
  postWithProgress<ImportPreview>(`/api/question-groups/${groupId}/questions/import/preview`, body, onProgress);

/** The spreadsheet's valid rows stored (out of a ZIP, with the pictures uploaded for them: `pictures`). */
export const importQuestions = (groupId: number, body: QuestionImportInput, onProgress: (fraction: number) => void) =>
  postWithProgress<ImportResult>(`/api/question-groups/${groupId}/questions/import`, body, onProgress);

/** The import result's note on the rows left out, in the right number ('Se omitió 1 fila…'); undefined when none. */
export function skippedRowsText(skipped: number): string | undefined {
  if (!skipped) return undefined;
  return skipped === 1 ? 'Se omitió 1 fila con problemas' : `Se omitieron ${skipped} filas con problemas`;
}

export function useImportQuestions(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: { body: QuestionImportInput; onProgress: (fraction: number) => void }) => importQuestions(groupId, body, onProgress),
    meta: { errorTitle: 'Error al importar las preguntas' },
    onSuccess: ({ imported, skipped }) => {
      toast({
        title: imported === 1 ? 'Se importó 1 pregunta' : `Se importaron ${imported} preguntas`,
        description: skippedRowsText(skipped),
        variant: 'success',
      });
      return queryClient.invalidateQueries({ queryKey: ['question-groups', groupId] });
    },
  });
}

export const downloadExport = (groupId: number, format: QuestionExportFormat) =>
  downloadFile(`/api/question-groups/${groupId}/questions/export?format=${format}`, `preguntas.${format}`);
export const downloadTemplate = (format: ImportFormat) => downloadFile(`/api/question-import/template?format=${format}`, `plantilla_preguntas.${format}`);

export const useDownloadExport = (groupId: number) =>
  useMutation({ mutationFn: (format: QuestionExportFormat) => downloadExport(groupId, format), meta: { errorTitle: 'Error al exportar las preguntas' } });
export const useDownloadTemplate = () => useMutation({ mutationFn: downloadTemplate, meta: { errorTitle: 'Error al descargar la plantilla' } });
