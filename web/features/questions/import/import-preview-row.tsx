import { CheckCircle2, ImageOff, XCircle } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { ImportPicture, ImportRow } from '../../../../contract';

/** A picture of the chosen ZIP, by its path in it, as a URL the page can show. */
export type ZipPictureUrls = ReadonlyMap<string, string>;

/** Object URLs for a ZIP's pictures while the dialog shows them; released when it closes or another file is chosen. */
export function useZipPictureUrls(pictures: ReadonlyMap<string, File> | undefined): ZipPictureUrls {
  const urls = useMemo(() => new Map([...(pictures ?? [])].map(([path, file]) => [path, URL.createObjectURL(file)])), [pictures]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * A row's picture as it will be stored: the ZIP's file drawn small with its alt text; a mark when
 * the ZIP lacks it or this browser cannot draw it (the server, which reads every picture, decides).
 */
function RowPicture({ picture, urls, size }: { picture: ImportPicture; urls: ZipPictureUrls; size: 'question' | 'answer' }) {
  const url = urls.get(picture.file);
  const [unreadable, setUnreadable] = useState(false);
  const box = size === 'question' ? 'h-14 w-20' : 'h-6 w-8';
  if (!url || unreadable) {
    return (
      <span className={`inline-flex shrink-0 items-center justify-center rounded-md border border-dashed border-red-400 ${box}`} title={picture.file}>
        <ImageOff className="size-4 text-red-700 dark:text-red-300" role="img" aria-label={`${url ? 'Imagen que no se puede mostrar' : 'Imagen que falta'}: ${picture.file}`} />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt={picture.alt}
      onError={() => setUnreadable(true)}
      className={`shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover dark:border-slate-700 dark:bg-slate-800 ${box}`}
    />
  );
}

/** One row of the import's preview: its question, its picture, its answers (the correct one marked) and its problems. */
export function ImportPreviewRow({ row, urls }: { row: ImportRow; urls: ZipPictureUrls }) {
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
          <div className="flex items-start gap-3">
            <p className="min-w-0 flex-1 font-medium break-words whitespace-pre-line">{row.text || <em className="font-normal">(sin pregunta)</em>}</p>
            {row.picture && <RowPicture picture={row.picture} urls={urls} size="question" />}
          </div>
          {row.answers.length > 0 && (
            <ol className="mt-1 flex flex-wrap gap-1.5">
              {row.answers.map((answer, index) => (
                <li
                  key={index}
                  className={`inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 break-words ${answer.isCorrect ? 'bg-emerald-100 font-medium text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100' : 'bg-slate-100 dark:bg-slate-800'}`}
                >
                  {answer.picture && <RowPicture picture={answer.picture} urls={urls} size="answer" />}
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
