import type { ApiErrorBody } from '../../../../../contract';
import { ApiError } from '../../../../lib/api';

/**
 * A JSON POST that reports how much of its body has been sent (fetch cannot): XMLHttpRequest, with
 * the same marker header and cookies as the app's fetch wrapper, and the same ApiError on failure.
 */
export function postWithProgress<T>(path: string, body: unknown, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(new ApiError(xhr.status, xhr.responseText, parsed as Partial<ApiErrorBody> | undefined, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('No se pudo conectar con el servidor'));
    xhr.send(JSON.stringify(body));
  });
}
