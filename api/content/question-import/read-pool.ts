import { Piscina } from 'piscina';
import type { ImportReadLimits } from '../../platform/config';
import { AppError, serviceUnavailable, unprocessable } from '../../platform/http/errors';
import type { ReadJob, ReadOutcome } from './read-job';

/**
 * Import files are read off the event loop, in worker threads with limits of their own: a hostile
 * file (half a million blank lines, a zip bomb, a sheet of a million empty rows) costs one worker
 * its budget, never the booths' requests their replies. Past its time (IMPORT_TIME_LIMIT_SECONDS)
 * the worker is stopped; past its heap (IMPORT_HEAP_LIMIT_MB) it dies; the file is refused either
 * way and the server lives on. One reader (the machine's cores are the booths'; an import is a
 * rare admin action), and a short queue behind it.
 */
const MAX_READERS = 1;
const MAX_WAITING = 8;
/**
 * Files being read or waiting, counted here: piscina's own `maxQueue` does not count tasks that
 * carry an abort signal, and every task here carries its time limit as one.
 */
let filesInHand = 0;

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
      idleTimeout: 10_000,
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 16 },
    });
    pools.set(heapLimitMb, pool);
  }
  return pool;
}

/** Why a job ended without an outcome, as the refusal the admin sees; undefined for a fault of the reader. */
function refusal(error: unknown): AppError | undefined {
  const { name, code } = error as { name?: string; code?: string };
  if (name === 'AbortError') {
    return unprocessable('El archivo tarda demasiado en leerse: revisa que sea la plantilla de preguntas o divídelo en varios archivos', {
      code: 'import_file_too_complex',
    });
  }
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new AppError(413, 'El archivo necesita demasiada memoria para leerse: divídelo en varios archivos', { code: 'import_file_too_large' });
  }
  return undefined;
}

/** The file's rows, read by a worker within the limits; 503 `import_busy` at once when the reader and its queue are taken. */
export async function readImportFileOffLoop(job: ReadJob, limits: ImportReadLimits) {
  if (filesInHand >= MAX_READERS + MAX_WAITING) {
    throw serviceUnavailable('Hay demasiadas importaciones en curso. Inténtalo de nuevo en unos segundos.', { code: 'import_busy' });
  }
  let outcome: ReadOutcome;
  filesInHand++;
  try {
    outcome = await readers(limits.heapLimitMb).run(job, { signal: AbortSignal.timeout(limits.timeLimitMs) });
  } catch (error) {
    throw refusal(error) ?? error;
  } finally {
    filesInHand--;
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
