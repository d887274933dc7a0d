import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import type { BackupStatus } from '../../../contract';
import { api } from '../../lib/api';

/** How often an owner's screens ask whether the backups are well (the server checks every minute). */
const EVERY_MS = 60_000;

/**
 * For owners, on every admin screen: what is wrong with the continuous backups now (GET
 * /api/backups' `problem`: archiving failing, a base backup failed or none recently), under the
 * header until it is fixed. Nothing when all is well, when backups are off, or when the question
 * itself fails (the screens say when the server is away).
 */
export function BackupBanner() {
  const { data } = useQuery({
    queryKey: ['backups'],
    queryFn: () => api.get<BackupStatus>('/api/backups'),
    refetchInterval: EVERY_MS,
  });
  if (!data?.problem) return null;
  return (
    <div role="alert" className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-3 py-3 text-sm sm:px-6">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Copias de seguridad: </strong>
          {data.problem}
        </span>
      </p>
    </div>
  );
}
