/** '1234567890' -> '*******890': staff can tell records apart without reading the document. */
export function maskDocumentNumber(value: string): string {
  const visible = value.length > 3 ? value.slice(-3) : '';
  return '*'.repeat(value.length - visible.length) + visible;
}

/** A copy of a mutation payload with its document number, if any, masked. */
export function maskedPayload(payload: object): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...payload };
  if (copy.documentNumber !== undefined && copy.documentNumber !== null) copy.documentNumber = maskDocumentNumber(String(copy.documentNumber));
  return copy;
}
