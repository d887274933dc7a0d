import { Piscina } from 'piscina';
import type { ImportReadLimits } from '../config';
import { AppError, serviceUnavailable, unprocessable } from '../errors';
import type { ReadOutcome } from './read-job';

/**
 * Import files are read off the event loop, in worker threads with limits of their own: a hostile
 * file (half a million blank lines, a zip bomb, a sheet of a million empty rows) costs one worker
 * its budget, never the booths' requests their replies.
 */
/**
 * Limits (IMPORT_TIME_LIMIT_SECONDS, IMPORT_HEAP_LIMIT_MB): a 500-question file reads in well under
 * a second, and past its time the worker is stopped; past its heap the worker dies and the file is
 * refused (the server lives on).
 * One reader (the machine's cores are the booths'; an import is a rare admin action), and a short
 * queue behind it.
 */
const MAX_READERS = 1;
const MAX_WAITING = 8;

/** The job's module: compiled next to the server when built, compiled by tsx when run from source. */
function jobFile(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './read-job-source.mjs' : './import-read-job.js', import.meta.url).href;
}

/** The process's readers, one pool per heap limit (tests run apps with other limits in one process); no thread while idle. */
const pools = new Map<number, Piscina>();
function readers(heapLimitMb: number): Piscina {
  let pool = pools.get(heapLimitMb);
  if (!pool) {
    pool = new Piscina({
      filename: jobFile(),
      minThreads: 0,
      maxThreads: MAX_READERS,
      maxQueue: MAX_WAITING,
      idleTimeout: 10_000,
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 16 },
    });
    pools.set(heapLimitMb, pool);
  }
  return pool;
}

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

/** The file's rows, read by a worker within the limits. */
export async function readImportFileOffLoop(bytes: Buffer, limits: ImportReadLimits) {
  let outcome: ReadOutcome;
  try {
    outcome = await readers(limits.heapLimitMb).run(bytes, { signal: AbortSignal.timeout(limits.timeLimitMs) });
  } catch (error) {
    throw refusal(error) ?? error;
  }
  if (!outcome.ok) throw new AppError(outcome.status, outcome.message, { code: outcome.code });
  return { format: outcome.format, rows: outcome.rows };
}

/** Stops the readers (a server shutting down). */
export async function closeImportReaders(): Promise<void> {
  const closing = [...pools.values()].map((pool) => pool.close({ force: true }));
  pools.clear();
  await Promise.all(closing);
}
