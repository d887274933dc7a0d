/**
 * A round a device dealt offline, checked against the trivia as the server knows it now
 * (round-candidates.ts): its size here, with the size it reports; whether its questions could be
 * dealt from the trivia is the contract's deal rule (`couldBeDealt`), read only when the size fits
 * and the device sent them.
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
