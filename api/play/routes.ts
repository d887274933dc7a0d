import Router from '@koa/router';
import { idParam } from '../../contract';
import { parse } from '../http/validate';
import { findQuestionGroup } from '../question-groups/service';
import { BundleVersions } from './bundle-versions';
import { triviaManifest } from './manifest';
import { presentBundle } from './presenter';
import { loadBundle } from './service';
import type { RouteDependencies } from '../route-dependencies';
import { isKioskOf } from '../kiosks/kiosk-of';
import { namesETag } from '../http/etag-match';

/**
 * Public: the offline bundle, with its version as ETag so a kiosk refreshes only on change. The
 * copy with the answer key goes only to a set-up kiosk of the trivia (X-Device-Id and
 * X-Device-Secret); any other reader, a wrong secret included, gets the copy without it.
 */
export function playRoutes({ dataSource, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  const versions = new BundleVersions();
  router.get('/play/:groupId/bundle', async (ctx) => {
    const groupId = parse(idParam, ctx.params.groupId);
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('X-Device-Id');
    ctx.vary('X-Device-Secret');
    const withKey = await isKioskOf(dataSource.manager, secret, groupId, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    const copy = withKey ? `${groupId}+key` : String(groupId);
    const ifNoneMatch = ctx.get('If-None-Match');
    const fingerprint = await versions.fingerprint(dataSource.manager);
    // A returning kiosk whose copy is current: answered from the remembered version, nothing built.
    const known = versions.versionOf(copy, fingerprint);
    if (known && namesETag(ifNoneMatch, `"${known}"`)) {
      ctx.set('ETag', `"${known}"`);
      ctx.status = 304;
      return;
    }
    const bundle = presentBundle(await loadBundle(dataSource.manager, groupId), withKey);
    versions.remember(copy, fingerprint, bundle.version);
    const etag = `"${bundle.version}"`;
    ctx.set('ETag', etag);
    if (namesETag(ifNoneMatch, etag)) {
      ctx.status = 304;
      return;
    }
    ctx.body = bundle;
  });
  // Public: the trivia's web app manifest (play.html links it), so an install opens this trivia.
  router.get('/play/:groupId/manifest.webmanifest', async (ctx) => {
    const groupId = parse(idParam, ctx.params.groupId);
    const group = await findQuestionGroup(dataSource.manager, groupId);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'application/manifest+json';
    ctx.body = JSON.stringify(triviaManifest(group));
  });
  return router;
}
