import { useDocumentThemePreference } from '../../lib/theme-preference';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';

export function NotFoundPage() {
  useDocumentThemePreference();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="text-7xl font-black text-brand-600">404</p>
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="max-w-sm text-slate-600 dark:text-slate-400">La página que buscas no existe o fue movida.</p>
      <Link to="/" className={buttonClass('primary')}>
        Volver al inicio
      </Link>
    </main>
  );
}
