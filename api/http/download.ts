/** Characters no file system takes in a file name: made `_` (control characters too, below). */
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|]/g;
const safeFileName = (name: string) =>
  [...name.replace(UNSAFE_IN_FILE_NAMES, '_')].map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? '_' : c)).join('');

/**
 * The Content-Disposition of a download (RFC 6266): `filename*` carries the name as written,
 * accents kept (UTF-8, percent-encoded as RFC 5987 asks, with the few characters it leaves bare
 * encoded too); `filename` is the plain-ASCII name for clients that read only that one.
 */
export function attachment(name: string, asciiName: string): string {
  const exact = encodeURIComponent(safeFileName(name)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName.replace(/["\\]/g, '_')}"; filename*=UTF-8''${exact}`;
}
