import { BarChart3, Building2, ListChecks, LogOut, Play, Trophy } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import type { DashboardCounts } from '../../../contract';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { useUser } from '../../shared/auth/api/get-user';
import { useCan } from '../../shared/auth/use-can';
import { ActiveCampaigns } from './components/active-campaigns';
import { HeldResultsCallout } from '../../shared/moderation/held-results-callout';
import { useHeldTrivias } from '../../shared/moderation/api/get-held-trivias';
import { ResultsLink } from '../../shared/moderation/results-link';
import { useLogout } from '../../shared/auth/api/logout';
import { useDashboardCounts } from './api/get-dashboard-counts';
import { useRecentGroups } from './api/get-recent-groups';

/** Each card says what the user can do there: `text` to whoever edits content somewhere, `readText` to a role that only looks. */
const SECTIONS = [
  { to: '/company', title: 'Administración de Empresas', text: 'Gestiona empresas y sus sedes.', readText: 'Tus empresas y sus sedes.', icon: Building2, needsUser: true, count: 'companies', unit: ['empresa', 'empresas'] },
  { to: '/packages', title: 'Administración de Trivias', text: 'Crea y gestiona paquetes de preguntas.', readText: 'Las trivias de tus empresas y sus rankings.', icon: ListChecks, needsUser: false, count: 'trivias', unit: ['trivia', 'trivias'] },
  { to: '/campaigns', title: 'Campañas Multi-Trivia', text: 'Combina varias trivias en un ranking.', readText: 'Los rankings que combinan varias trivias.', icon: Trophy, needsUser: false, count: 'campaigns', unit: ['campaña', 'campañas'] },
] as const;

// Each card's count is one of the reply's fields.
SECTIONS satisfies readonly { count: keyof DashboardCounts }[];

export function DashboardPage() {
  const { data: user } = useUser();
  const edits = useCan().canSomewhere('content.edit');
  const logout = useLogout();
  const navigate = useNavigate();
  const counts = useDashboardCounts();
  const recent = useRecentGroups();
  const held = useHeldTrivias();

  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700 dark:text-brand-200">Panel de administración</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words max-[300px]:text-xl sm:text-3xl">
            ¡Hola, {user?.firstName} {user?.lastName}!
          </h1>
        </div>
        <Button
          variant="secondary"
          pending={logout.isPending}
          icon={<LogOut className="size-4" aria-hidden />}
          onClick={() => logout.mutate(undefined, { onSuccess: () => navigate('/auth', { replace: true }) })}
        >
          Logout
        </Button>
      </div>

      <HeldResultsCallout />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.filter((section) => !section.needsUser || user).map(({ to, title, text, readText, icon: Icon, count, unit }) => {
          const value = counts.data?.[count];
          return (
            <Link key={to} to={to} className="group rounded-2xl focus-visible:outline-offset-4">
              <Card className="flex h-full flex-col p-4 transition-shadow group-hover:shadow-md min-[400px]:p-6">
                <div className="flex items-start justify-between gap-3">
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-200">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="text-right" data-testid={`count-${count}`}>
                    <span className="block text-3xl font-bold tabular-nums">{value ?? '–'}</span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">{value === 1 ? unit[0] : unit[1]}</span>
                  </span>
                </div>
                <h2 className="mt-4 text-lg font-semibold break-words max-[300px]:text-base">{title}</h2>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{edits ? text : readText}</p>
              </Card>
            </Link>
          );
        })}
      </div>

      {recent.data && recent.data.length > 0 && (
        <section aria-labelledby="recent-title" className="space-y-4">
          <h2 id="recent-title" className="text-xl font-semibold">
            Trivias Recientes
          </h2>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {recent.data.map((group) => (
              <Card key={group.id} className="flex min-w-0 flex-col p-3 min-[400px]:p-5">
                <h3 className="font-semibold break-words">{group.name}</h3>
                <p className="mt-1 flex-1 text-sm break-words text-slate-600 dark:text-slate-400">{group.description || 'Sin descripción'}</p>
                <div className="mt-4 flex flex-wrap gap-2">
                  <ButtonLink reloadDocument to={`/play-trivia/${group.id}`} size="sm" icon={<Play className="size-4" aria-hidden />}>
                    Jugar Trivia
                  </ButtonLink>
                  <ButtonLink to={`/ranking/${group.id}`} variant="secondary" size="sm" icon={<BarChart3 className="size-4" aria-hidden />}>
                    Ver Ranking
                  </ButtonLink>
                  <ResultsLink subject={{ kind: 'trivia', id: group.id }} inReview={held.countOf(group.id)} size="sm" />
                </div>
              </Card>
            ))}
          </div>
        </section>
      )}

      <ActiveCampaigns />
    </div>
  );
}
