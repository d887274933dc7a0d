import { send } from './api';

/** The file name the server chose: `filename*` (accents kept), else `filename`, else the fallback. */
export function downloadFileName(contentDisposition: string | null, fallback: string): string {
  const header = contentDisposition ?? '';
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      /* a broken encoding: the plain name below */
    }
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** GETs a file (CSV, XLSX: not JSON) with the session and saves it under the server's name; returns that name. */
export async function downloadFile(path: string, fallback: string): Promise<string> {
  const response = await send('GET', path);
  const fileName = downloadFileName(response.headers.get('Content-Disposition'), fallback);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
