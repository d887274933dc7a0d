/** What an upload control takes before sending a file (the server checks the bytes again). */
export interface FileRule {
  /** The accepted MIME types, also the file input's `accept`. */
  types: readonly string[];
  maxBytes: number;
  notAccepted: string;
  tooLarge: string;
}

/** The client-side checks of a chosen file: its type and size. Returns the message to show, or null. */
export function fileProblem(file: File, rule: FileRule): string | null {
  if (!rule.types.includes(file.type)) return rule.notAccepted;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}
