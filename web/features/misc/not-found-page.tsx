import { useDocumentThemePreference } from '../../lib/theme-preference';
import { ButtonLink } from '../../components/ui/button-link';

export function NotFoundPage() {
  useDocumentThemePreference();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="text-7xl font-black text-brand-600">404</p>
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="max-w-sm text-slate-600 dark:text-slate-400">La página que buscas no existe o fue movida.</p>
      <ButtonLink to="/">Volver al inicio</ButtonLink>
    </main>
  );
}
