import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useId } from 'react';
import type { AccountSession } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../shared/time-zone/event-time-zone';
import { toast } from '../../lib/toast-store';
import { useEndOtherSessions, useEndSession, useOwnSessions } from './api';

export const endedText = (ended: number) => (ended === 1 ? 'Se cerró 1 sesión en otro dispositivo.' : `Se cerraron ${ended} sesiones en otros dispositivos.`);

/**
 * "Sesiones abiertas": where the user is signed in (browser, address, sign-in and last activity),
 * this browser marked; each other one can be ended, or all of them at once.
 */
export function OpenSessions() {
  const titleId = useId();
  const sessions = useOwnSessions();
  const endOthers = useEndOtherSessions();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="text-lg font-semibold">
          Sesiones abiertas
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Si dejaste la sesión abierta en otro equipo, o crees que alguien más conoce tu contraseña, ciérrala allí desde aquí (y cambia la contraseña).
        </p>
        {sessions.isPending ? (
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Cargando sesiones…</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700" aria-label="Sesiones abiertas">
            {(sessions.data ?? []).map((session) => (
              <SessionRow key={session.handle} session={session} />
            ))}
          </ul>
        )}
        <Button
          variant="secondary"
          className="mt-5"
          pending={endOthers.isPending}
          icon={<LogOut className="size-4" aria-hidden />}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) => toast({ title: 'Listo', description: ended ? endedText(ended) : 'No había sesiones abiertas en otros dispositivos.', variant: 'success' }),
            })
          }
        >
          Cerrar sesión en los demás dispositivos
        </Button>
      </section>
    </Card>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  return (
    // The details keep at least 10rem: on a narrow page (200 % zoom) "Cerrar" goes below them.
    <li className="flex flex-wrap items-start gap-3 py-3" data-testid="open-session">
      <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
      <div className="min-w-0 flex-1 basis-40 space-y-0.5">
        <p className="font-medium break-words">
          {session.browser}
          {session.current && ' '}
          {session.current && (
            <span className="ml-1 inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 align-middle text-xs font-medium text-brand-800 ring-1 ring-brand-600/20 ring-inset dark:bg-brand-400/10 dark:text-brand-100 dark:ring-brand-400/30">
              Esta sesión
            </span>
          )}
        </p>
        <p className="text-sm break-words text-slate-600 dark:text-slate-400">Dirección: {session.address ?? 'desconocida'}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">Inició sesión: {session.signedInAt ? <DateTime value={session.signedInAt} /> : 'desconocido'}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Última actividad: <DateTime value={session.lastUsedAt} />
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          className="max-[300px]:ml-8"
          pending={end.isPending}
          aria-label={`Cerrar la sesión de ${session.browser}`}
          onClick={() => end.mutate(session.handle, { onSuccess: () => toast({ title: 'Sesión cerrada', description: `${session.browser} ya no tiene acceso con esta sesión.`, variant: 'success' }) })}
        >
          Cerrar
        </Button>
      )}
    </li>
  );
}
