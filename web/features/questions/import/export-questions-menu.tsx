import { DownloadMenu } from '../../../components/ui/download-menu';
import { useDownloadExport } from './api/question-files';

/** "Exportar preguntas": the trivia's questions as CSV or XLSX, in the import's own format. */
export function ExportQuestionsMenu({ groupId }: { groupId: number }) {
  const download = useDownloadExport(groupId);
  return <DownloadMenu label="Exportar preguntas" pending={download.isPending} onPick={(format) => download.mutate(format)} />;
}
