import Router from '@koa/router';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import { exportFormatQuerySchema, idParamsSchema, questionImportSchema, type ImportFormat } from '../../contract';
import type { ImportReadLimits } from '../config';
import { attachment } from '../http/download';
import { requireUser } from '../http/require-user';
import { parse, parseBody } from '../http/validate';
import { exportQuestions, importQuestions, previewImport } from './service';
import { CONTENT_TYPES, TEMPLATE_QUESTIONS, writeQuestions } from './write';

/** The file's bytes from the JSON body (base64: the API takes JSON only). */
const fileBytes = (body: unknown) => Buffer.from(parseBody(questionImportSchema, body).content, 'base64');

/** A download: an ASCII name for old clients and the exact name (accents kept) in `filename*`. */
function sendFile(ctx: Context, baseName: string, format: ImportFormat, bytes: Buffer) {
  const name = `${baseName}.${format}`;
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/[;]/g, '_');
  ctx.set('Content-Type', CONTENT_TYPES[format]);
  ctx.set('Content-Disposition', attachment(name, ascii));
  ctx.body = bytes;
}

/** Question import (preview, then import) and export, in CSV or XLSX, and the template. */
export function questionImportRoutes(dataSource: DataSource, limits: ImportReadLimits) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.post('/question-groups/:id/questions/import/preview', requireUser, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await previewImport(em, id, fileBytes(ctx.request.body), limits);
  });

  router.post('/question-groups/:id/questions/import', requireUser, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.status = 201;
    ctx.body = await importQuestions(em, id, fileBytes(ctx.request.body), limits);
  });

  router.get('/question-groups/:id/questions/export', requireUser, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { format } = parse(exportFormatQuerySchema, ctx.query);
    const { name, bytes } = await exportQuestions(em, id, format);
    sendFile(ctx, `preguntas_${name}`, format, bytes);
  });

  router.get('/question-import/template', requireUser, async (ctx) => {
    const { format } = parse(exportFormatQuerySchema, ctx.query);
    sendFile(ctx, 'plantilla_preguntas', format, await writeQuestions(format, TEMPLATE_QUESTIONS));
  });

  return router;
}
