/**
 * A round a device dealt offline, checked against the trivia as the server knows it now (round.ts):
 * its size here; whether its questions are the trivia's playable ones is deal.ts's
 * `playableQuestionsAmong`, read only when the size fits and the device sent them.
 */

/** The round a synced attempt reports: the questions it dealt, in order (absent from devices before recorded rounds), and its size. */
export interface DeviceDeal {
  questionIds?: number[];
  totalQuestions: number;
}

/** Whether the device's round has the trivia's round size, and the size it reports is the number of questions it sent. */
export function dealSizeFits(deal: DeviceDeal, roundSize: number): boolean {
  const size = deal.questionIds?.length ?? deal.totalQuestions;
  return size === roundSize && deal.totalQuestions === size;
}
