import { randomUUID } from 'node:crypto';
import { expect, request } from '@playwright/test';
import type { PlayBundle } from '../../../contract';
import type { Requester } from './admin-api';

const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
/** Players per push: three mutations each, within a push's 100. */
const PLAYERS_PER_PUSH = 33;

export interface HeldDevice {
  deviceId: string;
  secret: string;
  nextMutationId: number;
}

/**
 * A registered device; named, it is set up as that kiosk of the bundle's trivia through a setup
 * link (the signed-in admin's page or context makes the link), as staff do.
 */
export async function heldDevice(page: Requester, bundle: PlayBundle, kioskName?: string): Promise<HeldDevice> {
  // The device's own requests carry no cookie: redeeming a link in the admin's browser would sign the admin out.
  // The worker's server (tests/e2e/fixtures.ts): the admin's context may not have opened any address.
  const tablet = await request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  try {
    const device = await (await tablet.post('/api/devices', { headers: WRITE, data: {} })).json();
    if (kioskName) {
      const link = await (await page.request.post(`/api/question-groups/${bundle.group.id}/kiosk-setup`, { headers: WRITE, data: {} })).json();
      const token = new URL(link.path, 'http://kiosk.test').searchParams.get('kiosk');
      const redeemed = await tablet.post('/api/kiosk-setup', {
        headers: { ...WRITE, 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret },
        data: { token, questionGroupId: bundle.group.id, name: kioskName },
      });
      expect(redeemed.ok(), await redeemed.text()).toBe(true);
    }
    return { deviceId: device.deviceId, secret: device.secret, nextMutationId: 1 };
  } finally {
    await tablet.dispose();
  }
}

/**
 * Results a kiosk synced with a time of 0 (a round cannot be played that fast): the server
 * stores them and holds them for review, out of the ranking. From a new phone unless a device is
 * given; answers the attempts' ids, in the order of the names.
 */
export async function syncHeldResults(page: Requester, bundle: PlayBundle, names: string[], device?: HeldDevice): Promise<number[]> {
  const from = device ?? (await heldDevice(page, bundle));
  const ids: number[] = [];
  for (let start = 0; start < names.length; start += PLAYERS_PER_PUSH) {
    const now = new Date().toISOString();
    const mutations = names.slice(start, start + PLAYERS_PER_PUSH).flatMap((fullName, i) => {
      const playerClientId = randomUUID();
      const attemptClientId = randomUUID();
      return [
        { kind: 'player', payload: { clientId: playerClientId, fullName, documentTypeId: bundle.documentTypes[0]!.id, documentNumber: `H${Date.now()}${start + i}`, locationId: bundle.locations[0]!.id } },
        { kind: 'attempt', payload: { clientId: attemptClientId, playerClientId, questionGroupId: bundle.group.id, totalQuestions: 4, startedAt: now } },
        {
          kind: 'completion',
          payload: { attemptClientId, answers: bundle.questions.map((q) => ({ questionId: q.id, answerId: bundle.answers[q.id]![0]!.id })), completionTime: 0, completedAt: now },
        },
      ];
    });
    const reply = await page.request.post('/api/sync', {
      headers: { ...WRITE, 'X-Device-Id': from.deviceId, 'X-Device-Secret': from.secret },
      data: { mutations: mutations.map((m, i) => ({ ...m, mutationId: from.nextMutationId + i })) },
    });
    from.nextMutationId += mutations.length;
    const { results } = (await reply.json()) as { results: { status: string; id?: number }[] };
    expect(results.map((r) => r.status)).toEqual(mutations.map(() => 'applied'));
    ids.push(...results.filter((_, i) => i % 3 === 1).map((r) => r.id!));
  }
  return ids;
}
