import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorText } from '../../lib/api';

/**
 * Puts a refused save's messages where they belong: each issue of a 400 on its field when the form
 * has it (`companies.1.companyId` included), anything else under the form (`root`).
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, error: unknown, fields: readonly string[]): void {
  const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
  const placed = issues.filter((issue) => fields.some((field) => issue.path === field || issue.path.startsWith(`${field}.`)));
  for (const issue of placed) form.setError(issue.path as Path<T>, { message: issue.message });
  if (placed.length === 0) form.setError('root', { message: errorText(error) });
}
