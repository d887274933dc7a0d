import { Building2, ListChecks, LogOut, Trophy } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useUser } from '../auth/api/get-user';
import { useLogout } from '../auth/api/logout';

const SECTIONS = [
  { to: '/company', title: 'Administración de Empresas', text: 'Gestiona empresas y sus sedes.', icon: Building2, needsUser: true },
  { to: '/packages', title: 'Administración de Trivias', text: 'Crea y gestiona paquetes de preguntas.', icon: ListChecks, needsUser: false },
  { to: '/campaigns', title: 'Campañas Multi-Trivia', text: 'Combina varias trivias en un ranking.', icon: Trophy, needsUser: false },
] as const;

export function DashboardPage() {
  const { data: user } = useUser();
  const logout = useLogout();
  const navigate = useNavigate();

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700 dark:text-brand-200">Panel de administración</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
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
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.filter((section) => !section.needsUser || user).map(({ to, title, text, icon: Icon }) => (
          <Link key={to} to={to} className="group rounded-2xl focus-visible:outline-offset-4">
            <Card className="h-full p-6 transition-shadow group-hover:shadow-md">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-200">
                <Icon className="size-5" aria-hidden />
              </span>
              <h2 className="mt-4 text-lg font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{text}</p>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
