import type { z } from 'zod';
import { badRequest, fromZodError } from './errors';

/** Parses a request body, query or params with a contract schema; a failure is a 400 listing each field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** A JSON body must be an object; anything else (a string, an array, nothing) is a 400. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('El cuerpo de la solicitud debe ser un objeto JSON');
  }
  return parse(schema, body);
}
