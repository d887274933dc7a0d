import { useSyncExternalStore } from 'react';
import type { StaffSession } from '../offline';

/**
 * Whether the staff panel is open, shared by the badge that opens it and the player steps, which
 * pause the idle countdown while staff work in it and show the attract screen when they close it.
 * The session exists only once the PIN was accepted (see openStaffSession).
 */
let session: StaffSession | null = null;
const listeners = new Set<() => void>();
const closeListeners = new Set<(toAttract: boolean) => void>();

const notify = () => listeners.forEach((listener) => listener());

export function openStaffPanel(opened: StaffSession): void {
  session = opened;
  notify();
}

/** Closes the panel; `toAttract` (staff pressed 'Cerrar') sends the kiosk to its attract screen. */
export function closeStaffPanel(toAttract: boolean): void {
  if (!session) return;
  session = null;
  notify();
  closeListeners.forEach((listener) => listener(toAttract));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The open panel's session, or null while it is closed. */
export const useStaffSession = (): StaffSession | null => useSyncExternalStore(subscribe, () => session);

/** Called each time the panel closes; returns the stop. */
export function onStaffPanelClosed(listener: (toAttract: boolean) => void): () => void {
  closeListeners.add(listener);
  return () => void closeListeners.delete(listener);
}
