import type { EntityManager } from 'typeorm';
import type { FairPlayLimits } from '../../platform/config';
import { findPlayerByDocument } from '../players/service';
import type { AttemptRow } from './attempt-row';
import { readDealReceipt } from './deal-receipt';
import { insertAttempt } from './start-steps';
import { attemptToken } from './token';

/**
 * A round the server dealt and then lost in a restore, brought back from the receipt its device
 * sent with the completion (deal-receipt.ts): only a receipt this server signed, for this device
 * and this attempt, no older than DEVICE_KEEP_CONFIRMED_HOURS plus OFFLINE_WINDOW_HOURS, whose player's document is known here (the device's
 * refill sends the registration first). Stored as dealt: the server's start, the questions, the
 * site and the review state of the deal, the window opening at the start; the crowd limits counted
 * it when it was dealt. Undefined when it cannot be brought back (its trivia is gone too, or the
 * receipt does not hold): the completion is then refused as any completion of an unknown round.
 */
export async function roundFromReceipt(
  em: EntityManager,
  text: string | undefined,
  expected: { attemptClientId: string; deviceId: string; serverSecret: string; fairPlay: FairPlayLimits; triviaExists: (questionGroupId: number) => Promise<boolean> },
): Promise<AttemptRow | undefined> {
  const maxAgeMs = expected.fairPlay.keepConfirmedMs + expected.fairPlay.offlineWindowMs;
  const receipt = text === undefined ? null : readDealReceipt(expected.serverSecret, text, maxAgeMs);
  if (!receipt || receipt.clientId !== expected.attemptClientId || receipt.deviceId !== expected.deviceId) return undefined;
  if (!(await expected.triviaExists(receipt.questionGroupId))) return undefined;
  const player = await findPlayerByDocument(em, receipt.documentTypeId, receipt.documentNumber);
  if (!player) return undefined;
  const startedAt = new Date(receipt.startedAt);
  return insertAttempt(em, {
    playerId: player.id,
    questionGroupId: receipt.questionGroupId,
    locationId: receipt.locationId,
    totalQuestions: receipt.totalQuestions,
    startedAt,
    clientId: receipt.clientId,
    token: attemptToken(expected.serverSecret, receipt.clientId),
    reason: receipt.reason,
    deviceId: expected.deviceId,
    questionIds: receipt.questionIds,
    answerOrder: null,
    dealtByServer: true,
    windowStart: startedAt,
    addressKey: null,
    extraTime: receipt.extraTime === true,
  });
}
