import { useEffect, useState } from 'react';
import type * as KioskModule from './kiosk-parts';
import { keepKioskShellOffline } from './kiosk-shell';

export type KioskParts = typeof KioskModule;

let loading: Promise<KioskParts> | undefined;

/**
 * The kiosk's own code (kiosk-parts.tsx), loaded once per page, the first time a kiosk screen needs
 * it; a failed load (offline before the service worker kept it) is tried again at the next need.
 * Loading it asks the service worker to keep every kiosk chunk for offline use.
 */
export function loadKioskParts(): Promise<KioskParts> {
  loading ??= import('./kiosk-parts').then(
    (parts) => {
      keepKioskShellOffline();
      return parts;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The kiosk's code once loaded while `needed` (kiosk mode, a setup link); null before, and always on a phone. */
export function useKioskParts(needed: boolean): KioskParts | null {
  const [parts, setParts] = useState<KioskParts | null>(null);
  useEffect(() => {
    if (!needed || parts) return;
    let current = true;
    loadKioskParts().then(
      (loaded) => current && setParts(loaded),
      (error: unknown) => console.warn('Kiosk: its code could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [needed, parts]);
  return needed ? parts : null;
}
