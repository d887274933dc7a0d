/** A toast request; one shows at a time, a new one replacing the older. */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** Milliseconds on screen; 5000 by default. */
  duration?: number;
}

export const DEFAULT_TOAST_MS = 5000;

type Listener = (toast: ToastMessage | null) => void;
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { ...message, id: nextId++ };
  for (const listener of listeners) listener(current);
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  for (const listener of listeners) listener(null);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}
