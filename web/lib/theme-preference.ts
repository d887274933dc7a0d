import { useCallback, useEffect, useState } from 'react';

export type ThemePreference = 'light' | 'dark';
const STORAGE_KEY = 'theme';

/** The saved choice, otherwise the system preference (the admin app's light/dark toggle). */
export function initialThemePreference(): ThemePreference {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function useThemePreference() {
  const [theme, setTheme] = useState<ThemePreference>(initialThemePreference);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      localStorage.setItem(STORAGE_KEY, next);
      return next;
    });
  }, []);
  return { theme, toggle };
}

/**
 * Screens without the toggle (the public rankings, the not-found page) follow the same choice:
 * the admin's saved theme, otherwise the device's, so a booth screen in dark mode stays dark.
 */
export function useDocumentThemePreference() {
  useEffect(() => {
    document.documentElement.classList.toggle('dark', initialThemePreference() === 'dark');
  }, []);
}
