import type { QuestionExportFormat } from '../../../../contract';
import { DownloadMenu, SHEET_FORMATS } from '../../../components/ui/download-menu';
import { useDownloadExport } from './api/question-files';

const FORMATS: { format: QuestionExportFormat; label: string }[] = [...SHEET_FORMATS, { format: 'zip', label: 'Excel con imágenes (ZIP)' }];

/**
 * "Exportar preguntas": the trivia's questions as CSV or XLSX, in the import's own format, or as a
 * ZIP of the workbook with its pictures (docs/pictures.md).
 */
export function ExportQuestionsMenu({ groupId }: { groupId: number }) {
  const download = useDownloadExport(groupId);
  return <DownloadMenu label="Exportar preguntas" pending={download.isPending} formats={FORMATS} onPick={(format) => download.mutate(format)} />;
}
