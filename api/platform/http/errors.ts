import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { STATUS_CODES, type ApiErrorBody, type ErrorCode } from '../../../contract';
import { requestPath } from './request-path';

interface AppErrorExtra {
  /** The machine code; without it, the one the status gives. */
  code?: ErrorCode;
  details?: string;
  issues?: ApiErrorBody['issues'];
  headers?: Record<string, string>;
  lastMutationId?: number;
  affectedResults?: number;
  contactTicket?: string;
}

/** The one error type of the API: a status and a code the client branches on, and a message it can show. */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly status: number,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = extra.code ?? STATUS_CODES[status] ?? (status >= 500 ? 'internal' : 'bad_request');
  }
}

type Extra = Omit<AppErrorExtra, 'headers'>;

export const badRequest = (message: string, extra?: Extra) => new AppError(400, message, extra);
export const unauthorized = (message = 'No has iniciado sesión') => new AppError(401, message);
export const forbidden = (message = 'No tienes permiso para esta acción', extra?: Extra) => new AppError(403, message, extra);
export const notFound = (message = 'No encontrado', extra?: Extra) => new AppError(404, message, extra);
export const conflict = (message: string, extra?: Extra) => new AppError(409, message, extra);
export const unprocessable = (message: string, extra?: Extra) => new AppError(422, message, extra);
export const payloadTooLarge = (message = 'El contenido es demasiado grande') => new AppError(413, message);
export const unsupportedMediaType = (message = 'Tipo de contenido no soportado') => new AppError(415, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'Demasiadas solicitudes. Intenta de nuevo en unos momentos.', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
export const serviceUnavailable = (message: string, extra?: Extra) => new AppError(503, message, extra);

export function fromZodError(error: ZodError): AppError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return badRequest(issues[0]?.message ?? 'Solicitud no válida', { code: 'validation_failed', issues });
}

/** Messages for errors that Koa and its middleware raise themselves (malformed JSON, huge bodies). */
const HTTP_MESSAGES: Record<number, string> = {
  400: 'Solicitud no válida',
  404: 'No encontrado',
  405: 'Método no permitido',
  413: 'El contenido es demasiado grande',
  415: 'Tipo de contenido no soportado',
  501: 'Método no implementado',
};

/** Paths that belong to the API (and so always answer in the contract's error shape), given a canonical path. */
export { isApiPath } from './request-path';

/** Socket and PostgreSQL codes that mean the database cannot be reached or is going away. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);
/** node-postgres and TypeORM say so in words only: a pool that cannot connect, a connection lost mid-request. */
const UNREACHABLE_MESSAGES = ['Connection terminated', 'timeout exceeded when trying to connect', 'Client has encountered a connection error', 'Connection ended'];
const UNREACHABLE_NAMES = new Set(['QueryRunnerProviderAlreadyReleasedError', 'QueryRunnerAlreadyReleasedError', 'ConnectionIsNotSetError']);

/**
 * PostgreSQL down, restarting or dropping connections: a 503 the client may retry, never a 500.
 * Class 08 is PostgreSQL's "connection exception".
 */
function isDatabaseUnavailable(error: { code?: string; message?: string; name?: string }): boolean {
  if (error.code && (UNREACHABLE_CODES.has(error.code) || error.code.startsWith('08'))) return true;
  if (error.name && UNREACHABLE_NAMES.has(error.name)) return true;
  return typeof error.message === 'string' && UNREACHABLE_MESSAGES.some((text) => error.message!.startsWith(text));
}

/** PostgreSQL errors that mean bad input, or a database out of reach, rather than a broken server. */
function fromDatabaseError(error: { code?: string; message?: string; name?: string }): AppError | undefined {
  if (isDatabaseUnavailable(error)) return serviceUnavailable('La base de datos no está disponible', { code: 'database_unavailable' });
  switch (error.code) {
    case '23505':
      return conflict('El registro ya existe');
    case '23503':
      return conflict('El registro está relacionado con otros datos');
    case '22P02':
    case '22003':
    case '22021': // a NUL byte or invalid UTF-8 in text
      return badRequest('Valor no válido');
    default:
      return undefined;
  }
}

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return fromZodError(error);
  const e = error as { status?: number; expose?: boolean; code?: string; message?: string; name?: string; driverError?: { code?: string; message?: string } };
  const db = fromDatabaseError(e.driverError ?? e);
  if (db) return db;
  if (typeof e.status === 'number' && ((e.status >= 400 && e.status < 500) || e.status === 501)) {
    return new AppError(e.status, HTTP_MESSAGES[e.status] ?? 'Solicitud no válida');
  }
  return undefined;
}

/**
 * Renders every error in the contract's shape: never a stack trace or SQL text. An API reply that
 * ends with an error status and no body (a 404 nobody answered, the router's 405/501) gets one too.
 */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status >= 400 && ctx.body == null && requestPath(ctx).isApi) {
        throw new AppError(ctx.status, HTTP_MESSAGES[ctx.status] ?? 'Solicitud no válida');
      }
    } catch (error) {
      const known = toAppError(error);
      const appError = known ?? new AppError(500, 'Error interno del servidor');
      if (!known || (appError.status >= 500 && appError.status !== 501)) {
        logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'request failed');
      }
      const body: ApiErrorBody = { error: appError.message, message: appError.message, code: appError.code };
      if (appError.extra.details) body.details = appError.extra.details;
      if (appError.extra.issues) body.issues = appError.extra.issues;
      if (appError.extra.lastMutationId !== undefined) body.lastMutationId = appError.extra.lastMutationId;
      if (appError.extra.affectedResults !== undefined) body.affectedResults = appError.extra.affectedResults;
      if (appError.extra.contactTicket !== undefined) body.contactTicket = appError.extra.contactTicket;
      ctx.status = appError.status;
      ctx.set(appError.extra.headers ?? {});
      ctx.body = body;
    }
  };
}
