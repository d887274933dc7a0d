import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_KIND_LABELS, activityFieldLabel, activityFilterSchema, activityPageQuerySchema, type ActivityAuthor, type ActivityPage } from '../../../contract';
import { accessOf, allowListed } from '../access/route-access';
import { sendSheetFile } from '../http/download';
import { parse } from '../http/validate';
import { csvFile, type Cell } from '../lib/csv-text';
import { activityAuthors, activityPage, decodeCursor, everyActivityEntry, scopeOf } from './reads';

const EXPORT_HEADER = ['Fecha', 'Persona', 'Usuario', 'Dirección', 'Empresa', 'Tipo', 'Id del objeto', 'Acción', 'Resumen', 'Cambios'];

const changesText = (changes: Record<string, [unknown, unknown]> | null) =>
  changes ? Object.entries(changes).map(([field, [before, after]]) => `${activityFieldLabel(field)}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`).join('; ') : '';

/** "Actividad": its pages (GET /api/activity), the people in it, and its CSV export. */
export function activityRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api/activity' });
  const em = dataSource.manager;

  router.get('/', allowListed('activity.view'), async (ctx) => {
    const { cursor, limit, ...filter } = parse(activityPageQuerySchema, ctx.query);
    ctx.body = (await activityPage(em, scopeOf(accessOf(ctx)), filter, cursor ? decodeCursor(cursor) : undefined, limit)) satisfies ActivityPage;
  });

  router.get('/authors', allowListed('activity.view'), async (ctx) => {
    ctx.body = (await activityAuthors(em, scopeOf(accessOf(ctx)))) satisfies ActivityAuthor[];
  });

  router.get('/export', allowListed('activity.view'), async (ctx) => {
    const filter = parse(activityFilterSchema, ctx.query);
    const rows: Cell[][] = [EXPORT_HEADER];
    for await (const entry of everyActivityEntry(em, scopeOf(accessOf(ctx)), filter)) {
      rows.push([
        entry.at,
        entry.author?.name ?? '',
        entry.author?.username ?? '',
        entry.address,
        entry.companyName ?? (entry.companyId === null ? 'Instalación' : ''),
        ACTIVITY_KIND_LABELS[entry.kind],
        entry.objectId,
        ACTIVITY_ACTION_LABELS[entry.action],
        entry.summary,
        entry.redacted ? '(ocultos para tu rol)' : changesText(entry.changes),
      ]);
    }
    sendSheetFile(ctx, 'actividad', 'csv', csvFile(rows));
  });

  return router;
}
