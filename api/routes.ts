import type Router from '@koa/router';
import { accountRoutes } from './platform/accounts/routes';
import { activityRoutes } from './platform/activity/routes';
import { authRoutes } from './platform/auth/routes';
import { healthRoutes } from './platform/health/routes';
import { backupRoutes } from './platform/backups/routes';
import { secondFactorRoutes } from './platform/second-factor/routes';
import { secretSealer } from './platform/second-factor/sealing';
import type { RouteDependencies } from './platform/route-dependencies';
import { aiRoutes } from './content/ai/routes';
import { campaignRoutes } from './content/campaigns/routes';
import { companyRoutes } from './content/companies/routes';
import { consentRoutes } from './content/consent/routes';
import { documentTypeRoutes } from './content/document-types/routes';
import { locationRoutes } from './content/locations/routes';
import { logoRoutes } from './content/logos/routes';
import { pictureSweep } from './content/pictures/ledger';
import { pictureRoutes } from './content/pictures/routes';
import { questionGroupRoutes } from './content/question-groups/routes';
import { questionImportRoutes } from './content/question-import/routes';
import { questionRoutes } from './content/questions/routes';
import { themeRoutes } from './content/themes/routes';
import { triviaCopyRoutes } from './content/trivia-copy/routes';
import { attemptRoutes } from './play/attempts/routes';
import { playRoutes } from './play/bundle/routes';
import { refuseKioskBrowser } from './play/devices/kiosk-browser';
import { kioskRoutes } from './play/devices/kiosk-routes';
import { deviceRoutes } from './play/devices/routes';
import { playerRoutes } from './play/players/routes';
import { pollRoutes } from './play/polls/routes';
import { syncRoutes } from './play/sync/routes';
import { bigScreenRoutes } from './results/big-screen/routes';
import { dashboardRoutes } from './results/dashboard/routes';
import { drawRoutes } from './results/draws/routes';
import { exportRoutes } from './results/exports/routes';
import { insightRoutes } from './results/insights/routes';
import { kioskBoardRoutes } from './results/kiosk-board/routes';
import { campaignModerationRoutes, moderationRoutes } from './results/moderation/routes';
import { createRankingReads } from './results/ranking/reads';
import { reviewRoutes } from './results/review/routes';
import { rankingRoutes } from './results/ranking/routes';
import { perDataSource } from '../db/read-replica';

/** Every router of the API, in one list: a new resource adds one line here. */
export function apiRouters(deps: RouteDependencies): Router[] {
  // Rankings and exports share one ranking cache and their lanes of the pool.
  const rankings = createRankingReads(deps.dataSource, deps.config.rankingReads);
  // The public rankings read from the data source publicReads picks, each with a cache of its own.
  const rankingsOn = perDataSource((dataSource) => (dataSource === deps.dataSource ? rankings : createRankingReads(dataSource, deps.config.rankingReads)));
  // Edits that let go of a picture sweep the ones no question uses any more.
  const sweepPictures = pictureSweep(deps.dataSource, deps.config.uploadDir, deps.config.uploadSweepMs);
  // Two-step sign-in's secrets are sealed under a key derived from the session secret.
  const sealer = secretSealer(deps.secret);
  return [
    healthRoutes(deps.dataSource),
    backupRoutes(deps.config.backups?.maxLossSeconds, deps.backups),
    authRoutes(deps.dataSource, deps.limiters.login, refuseKioskBrowser, sealer),
    secondFactorRoutes(deps.dataSource, sealer, deps.limiters.login),
    accountRoutes(deps.dataSource, deps.limiters.login, refuseKioskBrowser),
    activityRoutes(deps.dataSource),
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
    reviewRoutes(deps),
    playRoutes(deps),
    pollRoutes(deps),
    deviceRoutes(deps),
    kioskBoardRoutes(deps),
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
