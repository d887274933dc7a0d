import { describe, expect, it } from 'vitest';
import { lastSyncLabel } from '../../web/player/sync-label';
import { kioskTitle, pendingText } from '../../contract/kiosk-holdings';

describe("the badge's last sync line", () => {
  const now = new Date('2026-05-04T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const status = (lastSyncAt: string | null, lastContactAt: string | null = null) => ({ lastSyncAt, lastContactAt });

  it('says "Nunca sincronizado" only when the device never reached the server', () => {
    expect(lastSyncLabel(status(null, null), now)).toBe('Nunca sincronizado');
  });

  it('says how long ago the kiosk and the server last agreed, by its last push or its last contact with nothing to send, in Spanish', () => {
    expect(lastSyncLabel(status(ago(20_000)), now)).toBe('Sincronizado hace un momento');
    expect(lastSyncLabel(status(ago(2 * 60_000 + 30_000)), now)).toBe('Sincronizado hace 2 minutos');
    expect(lastSyncLabel(status(ago(3 * 3_600_000)), now)).toBe('Sincronizado hace 3 horas');
    // Set up (a contact) and never pushed: in sync since its setup.
    expect(lastSyncLabel(status(null, ago(5 * 60_000)), now)).toBe('Sincronizado hace 5 minutos');
    expect(lastSyncLabel(status(ago(3 * 3_600_000), ago(60_000)), now)).toBe('Sincronizado hace 1 minuto');
  });
});

describe('what a kiosk holds, in rounds', () => {
  it('counts rounds, and registrations only when they wait without a round', () => {
    expect(pendingText({ rounds: 3, registrations: 0 })).toBe('3 partidas por sincronizar');
    expect(pendingText({ rounds: 1, registrations: 0 })).toBe('1 partida por sincronizar');
    expect(pendingText({ rounds: 1, registrations: 1 })).toBe('1 partida y 1 registro por sincronizar');
    expect(pendingText({ rounds: 0, registrations: 2 })).toBe('2 registros por sincronizar');
    expect(pendingText({ rounds: 0, registrations: 0 })).toBe('Nada por sincronizar');
  });

  it('titles a kiosk without saying "Kiosco" twice', () => {
    expect(kioskTitle('Kiosco Entrada')).toBe('Kiosco Entrada');
    expect(kioskTitle('kiosco 2')).toBe('kiosco 2');
    expect(kioskTitle('Entrada')).toBe('Kiosco Entrada');
    expect(kioskTitle('Kioscos del norte')).toBe('Kiosco Kioscos del norte');
  });
});
