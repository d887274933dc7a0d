import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AdminShell } from './components/layout/admin-shell';
import { Protected } from './components/layout/protected-route';
import { LoginPage } from './features/auth/login-page';
import { CampaignEditorPage } from './features/campaigns/campaign-editor-page';
import { CampaignRankingPage } from './features/campaigns/campaign-ranking-page';
import { CampaignsPage } from './features/campaigns/campaigns-page';
import { PublicCampaignRankingPage } from './features/campaigns/public-campaign-ranking-page';
import { CompaniesPage } from './features/companies/companies-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { NotFoundPage } from './features/misc/not-found-page';
import { QuestionGroupsPage } from './features/question-groups/question-groups-page';
import { QuestionsPage } from './features/questions/questions-page';
import { PlayTriviaPage } from './player/play-trivia-page';
import { RankingAdminPage } from './features/ranking/ranking-admin-page';
import { RankingPage } from './features/ranking/ranking-page';

/** The spec's route table (section 2), in one place. */
export const router = createBrowserRouter([
  { path: '/auth', element: <LoginPage /> },
  { path: '/play-trivia/:id', element: <PlayTriviaPage /> },
  { path: '/ranking/:id', element: <RankingPage /> },
  { path: '/public/campaigns/:campaignId/ranking', element: <PublicCampaignRankingPage /> },
  { path: '/ranking', element: <Navigate to="/ranking-admin" replace /> },
  {
    element: <AdminShell />,
    children: [
      { path: '/', element: <Protected page={DashboardPage} /> },
      { path: '/company', element: <Protected page={CompaniesPage} /> },
      { path: '/packages', element: <Protected page={QuestionGroupsPage} /> },
      { path: '/packages/:groupId/questions', element: <Protected page={QuestionsPage} /> },
      { path: '/ranking-admin', element: <Protected page={RankingAdminPage} /> },
      { path: '/campaigns', element: <Protected page={CampaignsPage} /> },
      { path: '/campaigns/:campaignId', element: <Protected page={CampaignEditorPage} /> },
      { path: '/campaigns/:campaignId/ranking', element: <Protected page={CampaignRankingPage} /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
