import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { exportFormatQuerySchema, idParamsSchema, questionExportQuerySchema, questionImportSchema } from '../../../contract';
import type { ImportReadLimits } from '../../platform/config';
import { sendSheetFile } from '../../platform/http/download';
import { allow, allowListed, inParams } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import { exportQuestions, importQuestions, previewImport } from './service';
import { TEMPLATE_QUESTIONS, writeQuestions } from './write';

/** The file's bytes from the JSON body (base64: the API takes JSON only), with what the body says of a ZIP's pictures. */
function importFile(body: unknown) {
  const { content, pictureFiles, pictures } = parseBody(questionImportSchema, body);
  return { bytes: Buffer.from(content, 'base64'), pictureFiles, pictures };
}

/** Question import (preview, then import) and export, in CSV or XLSX, and the template. */
export function questionImportRoutes(dataSource: DataSource, limits: ImportReadLimits, uploadDir: string) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;
  // The export holds the answer key: it is an editor's, as the import is.
  const editTrivia = allow(dataSource, 'content.edit', inParams('group'));

  router.post('/question-groups/:id/questions/import/preview', editTrivia, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await previewImport(em, id, importFile(ctx.request.body), limits);
  });

  router.post('/question-groups/:id/questions/import', editTrivia, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.status = 201;
    ctx.body = await importQuestions(em, id, importFile(ctx.request.body), limits);
  });

  router.get('/question-groups/:id/questions/export', editTrivia, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { format } = parse(questionExportQuerySchema, ctx.query);
    const { name, bytes } = await exportQuestions(em, id, format, uploadDir);
    sendSheetFile(ctx, `preguntas_${name}`, format, bytes);
  });

  // No company's data, but of use only to whoever may import somewhere.
  router.get('/question-import/template', allowListed('content.edit'), async (ctx) => {
    const { format } = parse(exportFormatQuerySchema, ctx.query);
    sendSheetFile(ctx, 'plantilla_preguntas', format, await writeQuestions(format, TEMPLATE_QUESTIONS));
  });

  return router;
}
