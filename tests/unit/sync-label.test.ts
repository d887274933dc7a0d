import { describe, expect, it } from 'vitest';
import { lastSyncLabel } from '../../web/player/sync-label';

describe("the badge's last sync line", () => {
  const now = new Date('2026-05-04T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says when the device never synced', () => {
    expect(lastSyncLabel(null, now)).toBe('Nunca sincronizado');
  });

  it('says how long ago the last successful sync was, in Spanish', () => {
    expect(lastSyncLabel(ago(20_000), now)).toBe('Sincronizado hace un momento');
    expect(lastSyncLabel(ago(2 * 60_000 + 30_000), now)).toBe('Sincronizado hace 2 minutos');
    expect(lastSyncLabel(ago(3 * 3_600_000), now)).toBe('Sincronizado hace 3 horas');
  });
});
