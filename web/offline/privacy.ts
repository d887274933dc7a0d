import { maskDocumentNumber } from '../../contract/play-rules';

/** A copy of a mutation payload with its document number, if any, masked. */
export function maskedPayload(payload: object): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...payload };
  if (copy.documentNumber !== undefined && copy.documentNumber !== null) copy.documentNumber = maskDocumentNumber(String(copy.documentNumber));
  return copy;
}
