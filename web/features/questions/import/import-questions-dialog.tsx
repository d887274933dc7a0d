import { AlertTriangle, CheckCircle2, Download, FileUp, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { ANSWERS_MAX, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportPreview, type ImportRow } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api';
import { fileContent, previewImport, useDownloadTemplate, useImportQuestions } from './api/question-files';

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'checking'; fileName: string; progress: number }
  | { kind: 'preview'; fileName: string; content: string; preview: ImportPreview };

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

function PreviewRow({ row }: { row: ImportRow }) {
  const ok = row.problems.length === 0;
  return (
    <li
      aria-label={`Fila ${row.row}: ${ok ? 'lista' : 'con problemas'}`}
      className={`rounded-xl border p-3 text-sm ${ok ? 'border-slate-200 dark:border-slate-700' : 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40'}`}
    >
      <div className="flex items-start gap-2">
        {ok ? <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden /> : <XCircle className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" aria-hidden />}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">Fila {row.row}</p>
          <p className="font-medium break-words whitespace-pre-line">{row.text || <em className="font-normal">(sin pregunta)</em>}</p>
          {row.answers.length > 0 && (
            <ol className="mt-1 flex flex-wrap gap-1.5">
              {row.answers.map((answer, index) => (
                <li
                  key={index}
                  className={`rounded-md px-2 py-0.5 break-words ${answer.isCorrect ? 'bg-emerald-100 font-medium text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100' : 'bg-slate-100 dark:bg-slate-800'}`}
                >
                  {answer.text}
                  {answer.isCorrect && <span className="sr-only"> (correcta)</span>}
                </li>
              ))}
            </ol>
          )}
          {!ok && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5 text-red-800 dark:text-red-200">
              {row.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * "Importar preguntas": choose a CSV or XLSX file, see every row with its problems (nothing is
 * stored yet), then "Importar N preguntas" stores the valid rows in one go; rows with problems are
 * skipped and counted.
 */
export function ImportQuestionsDialog({ groupId, onClose }: { groupId: number; onClose: () => void }) {
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [saveProgress, setSaveProgress] = useState(0);
  const template = useDownloadTemplate();
  const save = useImportQuestions(groupId);
  const busy = step.kind === 'checking' || save.isPending;

  const check = async (file: File) => {
    setStep({ kind: 'checking', fileName: file.name, progress: 0 });
    try {
      const content = await fileContent(file);
      const preview = await previewImport(groupId, content, (progress) => setStep({ kind: 'checking', fileName: file.name, progress }));
      setStep({ kind: 'preview', fileName: file.name, content, preview });
    } catch (error) {
      setStep({ kind: 'choose', error: errorText(error) });
    }
  };

  const confirm = () => {
    if (step.kind !== 'preview') return;
    setSaveProgress(0);
    save.mutate({ content: step.content, onProgress: setSaveProgress }, { onSuccess: onClose });
  };

  const validCount = step.kind === 'preview' ? step.preview.validCount : 0;
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title="Importar preguntas"
      description="Sube un archivo CSV o XLSX con una pregunta por fila. Revisarás cada fila antes de guardar."
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
          <Button onClick={confirm} disabled={step.kind !== 'preview' || validCount === 0} pending={save.isPending} icon={<FileUp className="size-4" aria-hidden />}>
            {save.isPending ? 'Guardando…' : validCount === 1 ? 'Importar 1 pregunta' : `Importar ${validCount} preguntas`}
          </Button>
        </>
      }
    >
      {step.kind === 'choose' && (
        <div className="space-y-5">
          <div className="rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
            <p>
              Columnas: <strong>Pregunta</strong>, <strong>Respuesta 1</strong>, <strong>Respuesta 2</strong>… (2 a {ANSWERS_MAX}) y{' '}
              <strong>Correcta</strong> con el número de la respuesta correcta (por ejemplo 1). Máximo {IMPORT_MAX_ROWS} preguntas y{' '}
              {IMPORT_MAX_BYTES / 1024} KB por archivo; las fórmulas no se admiten.
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
              Archivo CSV o XLSX
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
          {step.progress < 1 ? <ProgressBar label="Subiendo archivo" fraction={step.progress} /> : <Spinner className="size-5" label="Revisando las filas…" />}
        </div>
      )}

      {step.kind === 'preview' && (
        <div className="space-y-4">
          <div role="status" className="rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
            <p className="break-words">
              <strong>{step.fileName}</strong> ({step.preview.format.toUpperCase()})
            </p>
            <p className="mt-1">
              {step.preview.validCount === 1 ? '1 pregunta lista para importar' : `${step.preview.validCount} preguntas listas para importar`}
              {step.preview.invalidCount > 0 &&
                ` · ${step.preview.invalidCount === 1 ? '1 fila con problemas' : `${step.preview.invalidCount} filas con problemas`} (no se importará${step.preview.invalidCount === 1 ? '' : 'n'}: corrígelas en el archivo y vuelve a subirlo)`}
              . Aún no se ha guardado nada.
            </p>
          </div>
          {save.isPending && (saveProgress < 1 ? <ProgressBar label="Subiendo archivo" fraction={saveProgress} /> : <Spinner className="size-5" label={`Guardando ${validCount} preguntas…`} />)}
          {/* Focusable, so the dialog's scrolling body can be scrolled from the keyboard. */}
          <ol aria-label="Filas del archivo" tabIndex={0} className="space-y-2 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {[...step.preview.rows]
              .sort((a, b) => Number(a.problems.length === 0) - Number(b.problems.length === 0) || a.row - b.row)
              .map((row) => (
                <PreviewRow key={row.row} row={row} />
              ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
