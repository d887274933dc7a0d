import { z } from 'zod';
import { chosenAnswerSchema, MAX_COMPLETION_SECONDS, playerRegistrationSchema } from './players';

const clientId = z.uuid();
const isoDate = z.iso.datetime({ offset: true });

export const playerMutationSchema = z.strictObject({
  kind: z.literal('player'),
  mutationId: z.number().int().positive(),
  payload: playerRegistrationSchema.required({ clientId: true }),
});

export const attemptMutationSchema = z.strictObject({
  kind: z.literal('attempt'),
  mutationId: z.number().int().positive(),
  payload: z
    .strictObject({
      clientId,
      playerClientId: clientId.optional(),
      playerId: z.number().int().positive().optional(),
      questionGroupId: z.number().int().positive(),
      totalQuestions: z.number().int().min(1).max(200),
      startedAt: isoDate,
    })
    .refine((v) => v.playerId !== undefined || v.playerClientId !== undefined, 'El jugador es requerido'),
});

export const completionMutationSchema = z.strictObject({
  kind: z.literal('completion'),
  mutationId: z.number().int().positive(),
  payload: z.strictObject({
    attemptClientId: clientId,
    answers: z.array(chosenAnswerSchema).max(200),
    completionTime: z.number().int().min(0).max(MAX_COMPLETION_SECONDS),
    completedAt: isoDate,
  }),
});

export const mutationSchema = z.discriminatedUnion('kind', [
  playerMutationSchema,
  attemptMutationSchema,
  completionMutationSchema,
]);
export type Mutation = z.infer<typeof mutationSchema>;

export const syncRequestSchema = z.strictObject({
  mutations: z.array(mutationSchema).min(1).max(100),
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;

export interface SyncResult {
  mutationId: number;
  status: 'applied' | 'duplicate' | 'rejected';
  reason?: string;
  id?: number;
}

export interface SyncReply {
  results: SyncResult[];
  lastMutationId: number;
}

export interface DeviceRegistration {
  deviceId: string;
  secret: string;
}
