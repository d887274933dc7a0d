import Router from '@koa/router';
import { perDataSource } from '../../../db/read-replica';
import { idParam } from '../../../contract';
import { publicRoute } from '../../platform/access/route-access';
import { parse } from '../../platform/http/validate';
import { findQuestionGroup } from '../../content/question-groups/service';
import { BundleVersions } from './bundle-versions';
import { triviaManifest } from './manifest';
import { presentBundle } from './presenter';
import { loadBundle } from './service';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { isKioskOf } from '../devices/kiosk-of';
import { namesETag } from '../../platform/http/etag-match';

/**
 * Public: the offline bundle, with its version as ETag so a kiosk refreshes only on change. The
 * copy with the answer key goes only to a set-up kiosk of the trivia (X-Device-Id and
 * X-Device-Secret, checked on the primary); any other reader, a wrong secret included, gets the
 * copy without it. The bundle and the manifest are read where `publicReads` says (the read replica
 * when there is one); the versions remembered are per data source, so a version is only ever
 * paired with a fingerprint read where its rows were.
 */
export function playRoutes({ dataSource, publicReads, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  const versionsOn = perDataSource(() => new BundleVersions());
  router.get('/play/:groupId/bundle', publicRoute, async (ctx) => {
    const groupId = parse(idParam, ctx.params.groupId);
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('X-Device-Id');
    ctx.vary('X-Device-Secret');
    const withKey = await isKioskOf(dataSource.manager, secret, groupId, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    const copy = withKey ? `${groupId}+key` : String(groupId);
    const ifNoneMatch = ctx.get('If-None-Match');
    const reply = await publicReads.read(async (source) => {
      const versions = versionsOn(source);
      const fingerprint = await versions.fingerprint(source.manager);
      // A returning kiosk whose copy is current: answered from the remembered version, nothing built.
      const known = versions.versionOf(copy, fingerprint);
      if (known && namesETag(ifNoneMatch, `"${known}"`)) return { etag: `"${known}"`, bundle: null };
      const bundle = presentBundle(await loadBundle(source.manager, groupId), withKey);
      versions.remember(copy, fingerprint, bundle.version);
      return { etag: `"${bundle.version}"`, bundle };
    });
    ctx.set('ETag', reply.etag);
    if (!reply.bundle || namesETag(ifNoneMatch, reply.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.body = reply.bundle;
  });
  // Public: the trivia's web app manifest (play.html links it), so an install opens this trivia.
  router.get('/play/:groupId/manifest.webmanifest', publicRoute, async (ctx) => {
    const groupId = parse(idParam, ctx.params.groupId);
    const group = await publicReads.read((source) => findQuestionGroup(source.manager, groupId));
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'application/manifest+json';
    ctx.body = JSON.stringify(triviaManifest(group));
  });
  return router;
}
