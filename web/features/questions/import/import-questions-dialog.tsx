import { AlertTriangle, Download, FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { ANSWERS_MAX, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportPreview } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api';
import { previewImport, useDownloadTemplate, useImportQuestions } from './api/question-files';
import { uploadImportPictures, type PictureUploads } from './api/upload-import-pictures';
import { ImportPreviewRow, useZipPictureUrls } from './import-preview-row';
import { importableRows, picturesOfRows, withRefusedPictures } from './import-rows';
import { readImportSource, type ImportSource } from './read-import-source';

type Step =
  | { kind: 'choose'; error?: string }
  /** `progress` of the upload; null while the file is still being opened (a ZIP unpacked). */
  | { kind: 'checking'; fileName: string; progress: number | null }
  | { kind: 'preview'; fileName: string; source: ImportSource; preview: ImportPreview; uploads: PictureUploads };

const countText = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the server is told of a ZIP's pictures: the files it holds (for the preview and the import alike). */
const pictureFilesOf = (source: ImportSource) => source.pictures && [...source.pictures.keys()];

function ProgressBar({ label, fraction }: { label: string; fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="space-y-2">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span aria-hidden>{percent} %</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div className="h-full bg-brand-600 transition-[width] dark:bg-brand-400" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * "Importar preguntas": choose a CSV or XLSX file, or a ZIP of one with its pictures, see every row
 * with its problems and pictures (nothing is stored yet), then "Importar N preguntas" uploads the
 * pictures those rows name and stores the rows in one go; rows with problems are skipped and
 * counted. A picture the server refuses becomes its rows' problem, shown before anything is stored.
 */
export function ImportQuestionsDialog({ groupId, onClose }: { groupId: number; onClose: () => void }) {
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [saveProgress, setSaveProgress] = useState(0);
  const [pictureProgress, setPictureProgress] = useState<{ done: number; total: number } | null>(null);
  const template = useDownloadTemplate();
  const save = useImportQuestions(groupId);
  const urls = useZipPictureUrls(step.kind === 'preview' ? step.source.pictures : undefined);
  const busy = step.kind === 'checking' || pictureProgress !== null || save.isPending;

  const check = async (file: File) => {
    setStep({ kind: 'checking', fileName: file.name, progress: null });
    try {
      const source = await readImportSource(file);
      const body = { content: source.content, pictureFiles: pictureFilesOf(source) };
      const preview = await previewImport(groupId, body, (progress) => setStep({ kind: 'checking', fileName: file.name, progress }));
      setStep({ kind: 'preview', fileName: file.name, source, preview, uploads: { stored: {}, refused: {} } });
    } catch (error) {
      setStep({ kind: 'choose', error: errorText(error) });
    }
  };

  const rows = step.kind === 'preview' ? withRefusedPictures(step.preview.rows, step.uploads.refused) : [];

  /** Uploads the pictures the importable rows still lack: all of them stored, or undefined when one was refused or the uploads stopped (the dialog says why). */
  const uploadPictures = async (preview: Extract<Step, { kind: 'preview' }>): Promise<PictureUploads | undefined> => {
    const pictures = preview.source.pictures;
    const missing = picturesOfRows(rows).filter((file) => !Object.hasOwn(preview.uploads.stored, file));
    if (!pictures || missing.length === 0) return preview.uploads;
    setPictureProgress({ done: 0, total: missing.length });
    const result = await uploadImportPictures(
      groupId,
      missing.map((file) => [file, pictures.get(file)!]),
      (done) => setPictureProgress({ done, total: missing.length }),
    );
    setPictureProgress(null);
    const uploads = { stored: { ...preview.uploads.stored, ...result.stored }, refused: { ...preview.uploads.refused, ...result.refused }, interrupted: result.interrupted };
    setStep({ ...preview, uploads });
    return result.interrupted || Object.keys(result.refused).length > 0 ? undefined : uploads;
  };

  const confirm = async () => {
    if (step.kind !== 'preview') return;
    const uploads = await uploadPictures(step);
    if (!uploads) return;
    const needed = picturesOfRows(rows);
    const pictures = step.source.pictures && Object.fromEntries(needed.map((file) => [file, uploads.stored[file]!]));
    setSaveProgress(0);
    save.mutate({ body: { content: step.source.content, pictureFiles: pictureFilesOf(step.source), pictures }, onProgress: setSaveProgress }, { onSuccess: onClose });
  };

  const validCount = importableRows(rows).length;
  const invalidCount = rows.length - validCount;
  const refusedCount = step.kind === 'preview' ? Object.keys(step.uploads.refused).length : 0;
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title="Importar preguntas"
      description="Sube un archivo CSV o XLSX con una pregunta por fila, o un ZIP con la hoja y sus imágenes. Revisarás cada fila antes de guardar."
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          {step.kind === 'preview' && (
            <Button variant="secondary" onClick={() => setStep({ kind: 'choose' })} disabled={busy}>
              Elegir otro archivo
            </Button>
          )}
          <Button onClick={() => void confirm()} disabled={step.kind !== 'preview' || validCount === 0} pending={save.isPending || pictureProgress !== null} icon={<FileUp className="size-4" aria-hidden />}>
            {pictureProgress ? 'Subiendo imágenes…' : save.isPending ? 'Guardando…' : validCount === 1 ? 'Importar 1 pregunta' : `Importar ${validCount} preguntas`}
          </Button>
        </>
      }
    >
      {step.kind === 'choose' && (
        <div className="space-y-5">
          <div className="rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
            <p>
              Columnas: <strong>Pregunta</strong>, <strong>Respuesta 1</strong>, <strong>Respuesta 2</strong>… (2 a {ANSWERS_MAX}) y{' '}
              <strong>Correcta</strong> con el número de la respuesta correcta (por ejemplo 1; en «Varias correctas», los números separados por punto y coma,
              por ejemplo 1;3). Máximo {IMPORT_MAX_ROWS} preguntas y{' '}
              {IMPORT_MAX_BYTES / 1024} KB por archivo; las fórmulas no se admiten.
            </p>
            <p className="mt-2">
              Con imágenes: sube un ZIP con la hoja y sus imágenes (JPG, PNG, GIF, WebP o AVIF), con las columnas <strong>Imagen</strong> y{' '}
              <strong>Texto alternativo</strong> de la pregunta e <strong>Imagen 1</strong>, <strong>Texto alternativo 1</strong>… de cada respuesta. La
              exportación «Excel con imágenes (ZIP)» tiene este formato.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" icon={<Download className="size-4" aria-hidden />} pending={template.isPending && template.variables === 'xlsx'} onClick={() => template.mutate('xlsx')}>
                Descargar plantilla (XLSX)
              </Button>
              <Button variant="secondary" size="sm" icon={<Download className="size-4" aria-hidden />} pending={template.isPending && template.variables === 'csv'} onClick={() => template.mutate('csv')}>
                Descargar plantilla (CSV)
              </Button>
            </div>
          </div>
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium">
              Archivo CSV, XLSX o ZIP
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,.zip,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/zip"
              aria-describedby={step.error ? `${inputId}-error` : undefined}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void check(file);
              }}
              className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-medium file:text-white hover:file:bg-brand-700 pointer-coarse:file:py-3"
            />
          </div>
          {step.error && (
            <p id={`${inputId}-error`} role="alert" className="flex gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {step.error}
            </p>
          )}
        </div>
      )}

      {step.kind === 'checking' && (
        <div className="space-y-4" aria-live="polite">
          <p className="text-sm break-words">{step.fileName}</p>
          {step.progress === null ? (
            <Spinner className="size-5" label="Abriendo el archivo…" />
          ) : step.progress < 1 ? (
            <ProgressBar label="Subiendo archivo" fraction={step.progress} />
          ) : (
            <Spinner className="size-5" label="Revisando las filas…" />
          )}
        </div>
      )}

      {step.kind === 'preview' && (
        <div className="space-y-4">
          <div role="status" className="rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
            <p className="break-words">
              <strong>{step.fileName}</strong> ({step.source.pictures ? `ZIP · ${step.preview.format.toUpperCase()} · ${countText(step.source.pictures.size, 'imagen', 'imágenes')}` : step.preview.format.toUpperCase()})
            </p>
            <p className="mt-1">
              {validCount === 1 ? '1 pregunta lista para importar' : `${validCount} preguntas listas para importar`}
              {invalidCount > 0 &&
                ` · ${countText(invalidCount, 'fila con problemas', 'filas con problemas')} (no se importará${invalidCount === 1 ? '' : 'n'}: corrígelas en el archivo y vuelve a subirlo)`}
              . Aún no se ha guardado nada.
            </p>
            {refusedCount > 0 && (
              <p className="mt-1 font-medium">
                {refusedCount === 1 ? '1 imagen no se pudo subir' : `${refusedCount} imágenes no se pudieron subir`}: sus filas no se importarán. Pulsa «Importar» para guardar el resto.
              </p>
            )}
          </div>
          {step.uploads.interrupted && (
            <p role="alert" className="flex gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              La subida de imágenes se detuvo: {step.uploads.interrupted} Las imágenes ya subidas se conservan; pulsa «Importar» para seguir.
            </p>
          )}
          {pictureProgress && <ProgressBar label={`Subiendo imágenes (${pictureProgress.done} de ${pictureProgress.total})`} fraction={pictureProgress.done / pictureProgress.total} />}
          {save.isPending && (saveProgress < 1 ? <ProgressBar label="Subiendo archivo" fraction={saveProgress} /> : <Spinner className="size-5" label={`Guardando ${validCount} preguntas…`} />)}
          {/* Focusable, so the dialog's scrolling body can be scrolled from the keyboard. */}
          <ol aria-label="Filas del archivo" tabIndex={0} className="space-y-2 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {[...rows]
              .sort((a, b) => Number(a.problems.length === 0) - Number(b.problems.length === 0) || a.row - b.row)
              .map((row) => (
                <ImportPreviewRow key={row.row} row={row} urls={urls} />
              ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
