import { Piscina } from 'piscina';
import { AppError, serviceUnavailable, unprocessable } from '../errors';
import type { ReadOutcome } from './read-job';

/**
 * Import files are read off the event loop, in worker threads with limits of their own: a hostile
 * file (half a million blank lines, a zip bomb, a sheet of a million empty rows) costs one worker
 * its budget, never the booths' requests their replies.
 */
/** A 500-question file reads in well under a second; past this the worker is stopped. */
export const READ_TIME_LIMIT_MS = 10_000;
/** The worker's own heap; past it the worker dies and the file is refused (the server lives on). */
const READ_HEAP_LIMIT_MB = 192;
/** Two readers at most (the machine's cores are the booths'), and a short queue behind them. */
const MAX_READERS = 1;
const MAX_WAITING = 8;

/** The job's module: compiled next to the server when built, compiled by tsx when run from source. */
function jobFile(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './read-job-source.mjs' : './import-read-job.js', import.meta.url).href;
}

let pool: Piscina | undefined;
const readers = () =>
  (pool ??= new Piscina({
    filename: jobFile(),
    minThreads: 0,
    maxThreads: MAX_READERS,
    maxQueue: MAX_WAITING,
    idleTimeout: 10_000,
    resourceLimits: { maxOldGenerationSizeMb: READ_HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 16 },
  }));

/** Why a job ended without an outcome, as the refusal the admin sees; undefined for a fault of the reader. */
function refusal(error: unknown): AppError | undefined {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'AbortError') {
    return unprocessable('El archivo tarda demasiado en leerse: revisa que sea la plantilla de preguntas o divídelo en varios archivos', {
      code: 'import_file_too_complex',
    });
  }
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new AppError(413, 'El archivo necesita demasiada memoria para leerse: divídelo en varios archivos', { code: 'import_file_too_large' });
  }
  if (message?.includes('queue is at limit')) {
    return serviceUnavailable('Hay demasiadas importaciones en curso. Inténtalo de nuevo en unos segundos.', { code: 'import_busy' });
  }
  return undefined;
}

/** The file's rows, read by a worker within READ_TIME_LIMIT_MS and READ_HEAP_LIMIT_MB. */
export async function readImportFileOffLoop(bytes: Buffer) {
  let outcome: ReadOutcome;
  try {
    outcome = await readers().run(bytes, { signal: AbortSignal.timeout(READ_TIME_LIMIT_MS) });
  } catch (error) {
    throw refusal(error) ?? error;
  }
  if (!outcome.ok) throw new AppError(outcome.status, outcome.message, { code: outcome.code });
  return { format: outcome.format, rows: outcome.rows };
}

/** Stops the readers (a server shutting down). */
export async function closeImportReaders(): Promise<void> {
  await pool?.close({ force: true });
  pool = undefined;
}
