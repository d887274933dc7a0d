import { useCallback, useEffect, useState } from 'react';

export type ThemePreference = 'light' | 'dark';
const STORAGE_KEY = 'theme';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

function savedThemePreference(): ThemePreference | null {
  const saved = localStorage.getItem(STORAGE_KEY);
  return saved === 'light' || saved === 'dark' ? saved : null;
}

/** The saved choice, otherwise the system preference (the admin app's light/dark toggle). */
export function initialThemePreference(): ThemePreference {
  return savedThemePreference() ?? (window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light');
}

/**
 * The theme on the document: the saved choice, otherwise the system's, followed as it changes
 * (a laptop that turns dark at sunset turns the open screen dark too) until a choice is saved.
 */
function useDocumentTheme() {
  const [theme, setTheme] = useState<ThemePreference>(initialThemePreference);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  useEffect(() => {
    const system = window.matchMedia(SYSTEM_DARK);
    const follow = () => {
      if (!savedThemePreference()) setTheme(system.matches ? 'dark' : 'light');
    };
    system.addEventListener('change', follow);
    return () => system.removeEventListener('change', follow);
  }, []);
  return [theme, setTheme] as const;
}

export function useThemePreference() {
  const [theme, setTheme] = useDocumentTheme();
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      localStorage.setItem(STORAGE_KEY, next);
      return next;
    });
  }, [setTheme]);
  return { theme, toggle };
}

/**
 * Screens without the toggle (the public rankings, the not-found page) follow the same choice:
 * the admin's saved theme, otherwise the device's, so a booth screen in dark mode stays dark.
 */
export function useDocumentThemePreference() {
  useDocumentTheme();
}
