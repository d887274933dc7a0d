import { Moon, Sun } from 'lucide-react';
import { useThemePreference } from '../../lib/theme-preference';

export function ThemeToggle() {
  const { theme, toggle } = useThemePreference();
  const label = theme === 'dark' ? 'Cambiar a tema claro' : 'Cambiar a tema oscuro';
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      data-theme-state={theme}
      className="inline-flex size-10 shrink-0 items-center pointer-coarse:size-11 justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {theme === 'dark' ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </button>
  );
}
