import type Router from '@koa/router';
import { attemptRoutes } from './attempts/routes';
import { aiRoutes } from './ai/routes';
import { bigScreenRoutes } from './big-screen/routes';
import { authRoutes } from './auth/routes';
import { campaignRoutes } from './campaigns/routes';
import { companyRoutes } from './companies/routes';
import { consentRoutes } from './consent/routes';
import { dashboardRoutes } from './dashboard/routes';
import { deviceAdminRoutes } from './devices/admin-routes';
import { deviceRoutes } from './devices/routes';
import { drawRoutes } from './draws/routes';
import { documentTypeRoutes } from './document-types/routes';
import { exportRoutes } from './exports/routes';
import { healthRoutes } from './health/routes';
import { insightRoutes } from './insights/routes';
import { kioskRoutes } from './kiosks/routes';
import { locationRoutes } from './locations/routes';
import { logoRoutes } from './logos/routes';
import { pictureSweep } from './pictures/ledger';
import { pictureRoutes } from './pictures/routes';
import { campaignModerationRoutes, moderationRoutes } from './moderation/routes';
import { playRoutes } from './play/routes';
import { playerRoutes } from './players/routes';
import { questionGroupRoutes } from './question-groups/routes';
import { createRankingReads } from './ranking/reads';
import { rankingRoutes } from './ranking/routes';
import { syncRoutes } from './sync/routes';
import { questionRoutes } from './questions/routes';
import { questionImportRoutes } from './question-import/routes';
import { triviaCopyRoutes } from './trivia-copy/routes';
import { themeRoutes } from './themes/routes';
import type { RouteDependencies } from './route-dependencies';
import { perDataSource } from '../db/read-replica';

/** Every router of the API, in one list: a new resource adds one line here. */
export function apiRouters(deps: RouteDependencies): Router[] {
  // Rankings and exports share one ranking cache and their lanes of the pool.
  const rankings = createRankingReads(deps.dataSource, deps.config.rankingReads);
  // The public rankings read from the data source publicReads picks, each with a cache of its own.
  const rankingsOn = perDataSource((dataSource) => (dataSource === deps.dataSource ? rankings : createRankingReads(dataSource, deps.config.rankingReads)));
  // Edits that let go of a picture sweep the ones no question uses any more.
  const sweepPictures = pictureSweep(deps.dataSource, deps.config.uploadDir, deps.config.uploadSweepMs);
  return [
    healthRoutes(deps.dataSource),
    authRoutes(deps.dataSource, deps.limiters.login),
    questionGroupRoutes(deps.dataSource, deps.config.uploadDir, sweepPictures),
    companyRoutes(deps.dataSource, deps.config.uploadDir, sweepPictures),
    consentRoutes(deps.dataSource),
    locationRoutes(deps.dataSource),
    logoRoutes(deps.dataSource, deps.config.uploadDir, deps.secret, deps.config.uploadSweepMs),
    pictureRoutes(deps.dataSource, deps.config.uploadDir, deps.secret, sweepPictures),
    exportRoutes(deps.dataSource, rankings),
    dashboardRoutes(deps.dataSource),
    documentTypeRoutes(deps.dataSource),
    playerRoutes(deps),
    attemptRoutes(deps),
    playRoutes(deps),
    deviceRoutes(deps),
    deviceAdminRoutes(deps),
    kioskRoutes(deps),
    syncRoutes(deps),
    rankingRoutes(deps.dataSource, deps.publicReads, rankingsOn),
    moderationRoutes(deps.dataSource),
    campaignModerationRoutes(deps.dataSource),
    bigScreenRoutes(deps.publicReads, rankingsOn),
    campaignRoutes(deps.dataSource),
    questionRoutes(deps.dataSource, sweepPictures),
    questionImportRoutes(deps.dataSource, deps.config.importLimits, deps.config.uploadDir),
    triviaCopyRoutes(deps.dataSource, deps.config.uploadDir),
    drawRoutes(deps.dataSource),
    themeRoutes(deps.dataSource),
    aiRoutes(deps.dataSource, deps.config),
    insightRoutes(deps.dataSource),
  ];
}
