import { randomUUID } from 'node:crypto';
import { minimumRoundSeconds, roundSize, type CreatedAttempt, type PlayBundle } from '../../../contract';
import { playableCount } from '../../../web/offline/round';
import type { KioskClient } from './kiosk-client';
import { lettersDocumentType } from './plays';
import { queryServer } from './server-records';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pushes until the phone's outbox is empty, as its player screen does while online; throws if that takes more than a few tries. */
async function pushAll(phone: KioskClient): Promise<void> {
  for (let tries = 0; phone.pending > 0; tries++) {
    if (tries === 20) throw new Error(`phone ${phone.deviceId}: ${phone.pending} writes still pending after ${tries} pushes`);
    const outcome = await phone.pushOnce(8);
    if (outcome.kind !== 'reply') await pause(250);
  }
}

/**
 * An open phone's players: each registers (a write), the server deals their round online (POST
 * /api/player-attempts, with its signed receipt), they answer it right for as long as a player must
 * at least, and the completion is queued with the receipt, as the player screen does. Returns the
 * dealt rounds' clientIds.
 */
export async function playOnPhone(phone: KioskClient, baseUrl: string, bundle: PlayBundle, players: number, firstMutationId = 1): Promise<string[]> {
  const documentType = lettersDocumentType(bundle);
  const size = roundSize(playableCount(bundle), bundle.group.questionsPerRound);
  const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Device-Id': phone.deviceId, 'X-Device-Secret': phone.secret };
  const who = Array.from({ length: players }, (_, i) => ({ clientId: randomUUID(), fullName: `Teléfono Abierto ${i + 1}`, documentTypeId: documentType.id, documentNumber: `TEL${i}${Date.now() % 100_000}` }));
  phone.enqueue(who.map((player, i) => ({ mutationId: firstMutationId + i, kind: 'player', payload: { ...player, locationId: bundle.locations[0]!.id } })));
  await pushAll(phone);
  // One round at a time, as one phone is played: a second round dealt while the first is under way would overlap it.
  const correct = (questionId: number) => bundle.answers[String(questionId)]!.find((answer) => answer.isCorrect)!.id;
  const dealt: string[] = [];
  for (const [i, player] of who.entries()) {
    const clientId = randomUUID();
    const dealtAt = Date.now();
    const reply = await fetch(`${baseUrl}/api/player-attempts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ playerClientId: player.clientId, documentTypeId: player.documentTypeId, documentNumber: player.documentNumber, questionGroupId: bundle.group.id, clientId }),
    });
    const body = (await reply.json()) as CreatedAttempt;
    if (!reply.ok || !body.round || !body.receipt) throw new Error(`phone deal: ${reply.status} ${JSON.stringify(body)}`);
    await pause((minimumRoundSeconds(size) + 2) * 1000);
    phone.enqueue([
      {
        mutationId: firstMutationId + players + i,
        kind: 'completion',
        payload: {
          attemptClientId: clientId,
          answers: body.round.questionIds.map((questionId) => ({ questionId, answerId: correct(questionId) })),
          completionTime: Math.round((Date.now() - dealtAt) / 1000),
          completedAt: new Date().toISOString(),
          receipt: body.receipt,
        },
      },
    ]);
    await pushAll(phone);
    dealt.push(clientId);
  }
  return dealt;
}

/** The rounds of `clientIds` as stored: their start, score, and whether completed, dealt by the server and held. */
export async function storedRounds(databaseUrl: string, clientIds: string[]) {
  return queryServer<{ clientId: string; startedAt: Date; score: number; completed: boolean; dealt: boolean; held: boolean }>(
    databaseUrl,
    `SELECT client_id AS "clientId", started_at AS "startedAt", score, completed_at IS NOT NULL AS completed, dealt_by_server AS dealt, review_status = 'held' AS held
       FROM player_attempts WHERE client_id = ANY($1::uuid[]) ORDER BY client_id`,
    [clientIds],
  );
}
