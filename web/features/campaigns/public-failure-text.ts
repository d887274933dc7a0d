import { ApiError, errorText } from '../../lib/api';

/** The public ranking's load failure worded 'Error {status}: {status text}'. */
export function publicFailureText(error: unknown): string {
  return error instanceof ApiError ? `Error ${error.status}: ${error.statusText}` : errorText(error);
}
