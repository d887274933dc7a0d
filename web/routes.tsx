import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { AdminShell } from './components/layout/admin-shell';
import { Protected } from './components/layout/protected-route';
import { FullPageSpinner } from './components/ui/spinner';
import { NotFoundPage } from './features/misc/not-found-page';

/**
 * The admin app's screens, each its own chunk (the service worker caches them as they are used).
 * The player screen (/play-trivia/:id) is not here: it is its own page and build (web/play.html),
 * so admin links to it are full page loads.
 */
const LoginPage = lazy(() => import('./features/auth/login-page').then((module) => ({ default: module.LoginPage })));
const RankingPage = lazy(() => import('./features/ranking/ranking-page').then((module) => ({ default: module.RankingPage })));
const PublicCampaignRankingPage = lazy(() => import('./features/campaigns/public-campaign-ranking-page').then((module) => ({ default: module.PublicCampaignRankingPage })));
const DashboardPage = lazy(() => import('./features/dashboard/dashboard-page').then((module) => ({ default: module.DashboardPage })));
const CompaniesPage = lazy(() => import('./features/companies/companies-page').then((module) => ({ default: module.CompaniesPage })));
const QuestionGroupsPage = lazy(() => import('./features/question-groups/question-groups-page').then((module) => ({ default: module.QuestionGroupsPage })));
const QuestionsPage = lazy(() => import('./features/questions/questions-page').then((module) => ({ default: module.QuestionsPage })));
const CampaignAnalysisPage = lazy(() => import('./features/insights/campaign-analysis-page').then((module) => ({ default: module.CampaignAnalysisPage })));
const PlayerHistoryPage = lazy(() => import('./features/insights/player-history-page').then((module) => ({ default: module.PlayerHistoryPage })));
const TriviaAnalysisPage = lazy(() => import('./features/insights/trivia-analysis-page').then((module) => ({ default: module.TriviaAnalysisPage })));
const RankingAdminPage = lazy(() => import('./features/ranking/ranking-admin-page').then((module) => ({ default: module.RankingAdminPage })));
const CampaignsPage = lazy(() => import('./features/campaigns/campaigns-page').then((module) => ({ default: module.CampaignsPage })));
const CampaignEditorPage = lazy(() => import('./features/campaigns/campaign-editor-page').then((module) => ({ default: module.CampaignEditorPage })));
const PlayerDataPage = lazy(() => import('./features/players/player-data-page').then((module) => ({ default: module.PlayerDataPage })));
const PlayerMergesPage = lazy(() => import('./features/players/player-merges-page').then((module) => ({ default: module.PlayerMergesPage })));
const TriviaScreenPage = lazy(() => import('./features/big-screen/big-screen-pages').then((module) => ({ default: module.TriviaScreenPage })));
const CampaignScreenPage = lazy(() => import('./features/big-screen/big-screen-pages').then((module) => ({ default: module.CampaignScreenPage })));
const DevicesPage = lazy(() => import('./features/devices/devices-page').then((module) => ({ default: module.DevicesPage })));
const ActivityPage = lazy(() => import('./features/activity/activity-page').then((module) => ({ default: module.ActivityPage })));
const UsersPage = lazy(() => import('./features/accounts/users-page').then((module) => ({ default: module.UsersPage })));
const MyAccountPage = lazy(() => import('./features/accounts/my-account-page').then((module) => ({ default: module.MyAccountPage })));
const AccountLinkPage = lazy(() => import('./features/accounts/account-link-page').then((module) => ({ default: module.AccountLinkPage })));
const CampaignRankingPage = lazy(() => import('./features/campaigns/campaign-ranking-page').then((module) => ({ default: module.CampaignRankingPage })));

/** A spinner while a screen's chunk loads. */
function ScreenLoader() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** The web app's route table, in one place (the player route is its own build: web/play.html). */
export const router = createBrowserRouter([
  {
    element: <ScreenLoader />,
    children: [
      { path: '/auth', element: <LoginPage /> },
      { path: '/cuenta/:token', element: <AccountLinkPage /> },
      { path: '/ranking/:id', element: <RankingPage /> },
      { path: '/public/campaigns/:campaignId/ranking', element: <PublicCampaignRankingPage /> },
      { path: '/pantalla/trivia/:id', element: <TriviaScreenPage /> },
      { path: '/pantalla/campana/:id', element: <CampaignScreenPage /> },
      { path: '/ranking', element: <Navigate to="/ranking-admin" replace /> },
      {
        element: <AdminShell />,
        children: [
          { path: '/', element: <Protected page={DashboardPage} /> },
          { path: '/company', element: <Protected page={CompaniesPage} /> },
          { path: '/packages', element: <Protected page={QuestionGroupsPage} /> },
          { path: '/packages/:groupId/questions', element: <Protected page={QuestionsPage} /> },
          { path: '/packages/:groupId/analysis', element: <Protected page={TriviaAnalysisPage} /> },
          { path: '/ranking-admin', element: <Protected page={RankingAdminPage} /> },
          { path: '/campaigns', element: <Protected page={CampaignsPage} /> },
          { path: '/campaigns/:campaignId', element: <Protected page={CampaignEditorPage} /> },
          { path: '/campaigns/:campaignId/ranking', element: <Protected page={CampaignRankingPage} /> },
          { path: '/campaigns/:campaignId/analysis', element: <Protected page={CampaignAnalysisPage} /> },
          { path: '/player-data', element: <Protected page={PlayerDataPage} /> },
          { path: '/players/:playerId/history', element: <Protected page={PlayerHistoryPage} /> },
          { path: '/player-merges', element: <Protected page={PlayerMergesPage} /> },
          { path: '/devices', element: <Protected page={DevicesPage} /> },
          { path: '/usuarios', element: <Protected page={UsersPage} /> },
          { path: '/actividad', element: <Protected page={ActivityPage} /> },
          { path: '/mi-cuenta', element: <Protected page={MyAccountPage} /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
