import type { EntityManager } from 'typeorm';
import type { Mutation } from '../../contract';
import { completeAttempt, createAttempt, lockAttempt } from '../attempts/service';
import { forbidden } from '../errors';
import { registerPlayer } from '../players/service';

export const FOREIGN_DEVICE_ATTEMPT = 'El intento pertenece a otro dispositivo';

/**
 * Applies one pushed mutation with the same rules as the online routes and returns the server id
 * of the player or attempt. Business refusals are thrown as AppErrors, which the caller records as
 * rejections. Differences from online: an attempt over maxAttempts is kept, flagged overLimit; the
 * kiosk's startedAt / completedAt are kept; only the device that started an attempt completes it.
 */
export async function applyMutation(em: EntityManager, mutation: Mutation, device: { id: string; serverSecret: string }): Promise<number> {
  switch (mutation.kind) {
    case 'player':
      return (await registerPlayer(em, mutation.payload)).id;
    case 'attempt': {
      const { startedAt, ...attempt } = mutation.payload;
      const created = await createAttempt(em, attempt, {
        serverSecret: device.serverSecret,
        overLimit: 'flag',
        startedAt: new Date(startedAt),
        deviceId: device.id,
      });
      return created.attempt.id;
    }
    case 'completion': {
      const { attemptClientId, completedAt, ...figures } = mutation.payload;
      const attempt = await lockAttempt(em, { clientId: attemptClientId });
      if (attempt.device_id !== device.id) throw forbidden(FOREIGN_DEVICE_ATTEMPT, { code: 'attempt_foreign_device' });
      return (await completeAttempt(em, attempt, { ...figures, completedAt: new Date(completedAt) })).id;
    }
  }
}
