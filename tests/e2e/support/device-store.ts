import type { Page } from '@playwright/test';

/**
 * What the player screen keeps in its IndexedDB (`triviando`), read as stored: one store's rows in
 * key order, or the row at `key` (undefined when there is none).
 */
export function deviceStoreRows<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(readStore, { store, key: null }) as Promise<T[]>;
}

export function deviceStoreRow<T>(page: Page, store: string, key: string): Promise<T | undefined> {
  return page.evaluate(readStore, { store, key }) as Promise<T | undefined>;
}

/** Runs in the page: opens the database, reads, closes it. */
function readStore({ store, key }: { store: string; key: string | null }): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('triviando');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const objects = open.result.transaction(store).objectStore(store);
      const read = key === null ? objects.getAll() : objects.get(key);
      read.onsuccess = () => {
        resolve(read.result);
        open.result.close();
      };
      read.onerror = () => reject(read.error);
    };
  });
}
