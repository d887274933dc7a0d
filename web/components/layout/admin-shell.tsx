import { House, ListChecks, MonitorSmartphone, UserRoundSearch } from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../ui/spinner';
import { ThemeToggle } from './theme-toggle';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium transition-colors sm:px-3 pointer-coarse:min-h-11 pointer-coarse:min-w-11 ${
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-200'
      : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;

/** Header with the product name, a home link, "Trivias" to /packages and the theme toggle. */
export function AdminShell() {
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <Link to="/" className="mr-2 flex items-center gap-2.5 font-bold tracking-tight pointer-coarse:min-h-11">
            <img src="/icons/icon-192.png" alt="" className="size-8 rounded-lg" />
            <span className="text-lg max-[420px]:sr-only">Triviando</span>
          </Link>
          <nav aria-label="Principal" className="flex flex-1 items-center gap-1">
            <NavLink to="/" end className={navClass}>
              <House className="size-4" aria-hidden />
              <span className="hidden sm:inline">Inicio</span>
              <span className="sr-only sm:hidden">Inicio</span>
            </NavLink>
            <NavLink to="/packages" className={navClass}>
              <ListChecks className="size-4" aria-hidden />
              <span className="max-[300px]:sr-only">Trivias</span>
            </NavLink>
            <NavLink to="/devices" className={navClass}>
              <MonitorSmartphone className="size-4" aria-hidden />
              <span className="hidden sm:inline">Dispositivos</span>
              <span className="sr-only sm:hidden">Dispositivos</span>
            </NavLink>
            <NavLink to="/player-data" className={navClass}>
              <UserRoundSearch className="size-4" aria-hidden />
              <span className="hidden sm:inline">Datos personales</span>
              <span className="sr-only sm:hidden">Datos personales</span>
            </NavLink>
          </nav>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        {/* The header stays while a screen's chunk loads. */}
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
