import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

const STORAGE_KEY = 'packages.companyId';

function remembered(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The company whose trivias /packages shows: kept in the URL (?company=, so it survives reloads
 * and the back button) and remembered locally, so coming back to /packages keeps it.
 */
export function useSelectedCompany(): [number | null, (companyId: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('company') ?? remembered();
  const parsed = raw ? Number(raw) : NaN;
  const companyId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;

  const select = useCallback(
    (next: number | null) => {
      try {
        if (next) localStorage.setItem(STORAGE_KEY, String(next));
        else localStorage.removeItem(STORAGE_KEY);
      } catch {
        /* private mode: the URL still carries it */
      }
      setParams(next ? { company: String(next) } : {}, { replace: true });
    },
    [setParams],
  );
  return [companyId, select];
}
