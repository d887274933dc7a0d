import { PassThrough, pipeline, Readable } from 'node:stream';
import Router from '@koa/router';
import { stringify } from 'csv-stringify';
import { format } from 'date-fns';
import type { DataSource } from 'typeorm';
import { idParamsSchema } from '../../contract';
import { requireUser } from '../http/require-user';
import { parse } from '../http/validate';
import { findQuestionGroup } from '../question-groups/service';
import { formulaSafe, scoresFileName } from './csv';
import { SCORE_COLUMNS, scoreRows } from './scores';

export function exportRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  // CSV in UTF-8 with a BOM (spreadsheets then show accents), RFC 4180 quoting, streamed.
  router.get('/question-groups/:id/export-scores', requireUser, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const group = await findQuestionGroup(em, id);
    const rows = Readable.from(
      (async function* () {
        for await (const row of scoreRows(em, id)) yield row.map(formulaSafe);
      })(),
    );
    const csv = stringify({ bom: true, header: true, columns: SCORE_COLUMNS, record_delimiter: 'windows' });
    const body = new PassThrough();
    pipeline(rows, csv, body, (error) => {
      if (error) body.destroy(error);
    });
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${scoresFileName(group.name, format(new Date(), 'yyyy-MM-dd'))}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  return router;
}
