import { KeyRound, Link2, ShieldCheck, Trash2, UserCheck, UserPlus, UserX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { USER_STATUS_LABELS, type AccountLink, type UserListItem, type UserStatus } from '../../../contract';
import { ActionsMenu, ActionsMenuButton, ActionsMenuSeparator } from '../../components/ui/actions-menu';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDelete } from '../../components/ui/confirm-delete';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { useUser } from '../../shared/auth/api/get-user';
import { DateTime } from '../../shared/time-zone/event-time-zone';
import { AccessSummary } from './access-summary';
import { AccountLinkDialog } from './account-link-dialog';
import { useRemoveUser, useSetUserEnabled, useUserLink, useUsers } from './api';
import { ChangeAccessDialog } from './change-access-dialog';
import { InviteDialog } from './invite-dialog';

const LAST_OWNER_REASON = 'Es el último propietario activo: invita o reactiva a otro antes.';

const STATUS_BADGE: Record<UserStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-200 dark:ring-emerald-400/30',
  invited: 'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-100 dark:ring-amber-400/30',
  disabled: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30',
};
const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

interface ShownLink {
  title: string;
  description: string;
  link: AccountLink;
}

const fullName = (user: UserListItem) => `${user.firstName} ${user.lastName}`;

/**
 * "Usuarios" (owners): everyone who may sign in, their access (owner, or each company and role),
 * status and last sign-in, and per user "Cambiar acceso", a new link (a password reset, or a new
 * invitation for someone who has not used theirs), "Desactivar"/"Reactivar" and "Eliminar". The
 * last active owner's "Cambiar acceso", "Desactivar" and "Eliminar" say why they cannot be done;
 * the server refuses them anyway (409 `last_owner`).
 */
export function UsersPage() {
  const users = useUsers();
  const navigate = useNavigate();
  const { data: me } = useUser();
  const [inviting, setInviting] = useState(false);
  const [shown, setShown] = useState<ShownLink | null>(null);
  const [removing, setRemoving] = useState<UserListItem | null>(null);
  const [changing, setChanging] = useState<UserListItem | null>(null);
  const setEnabled = useSetUserEnabled();
  const remove = useRemoveUser();
  const makeLink = useUserLink();

  const activeOwners = (users.data ?? []).filter((user) => user.role === 'owner' && user.status === 'active').length;
  const isLastOwner = (user: UserListItem) => user.role === 'owner' && user.status === 'active' && activeOwners <= 1;
  const refused = (title: string) => (error: unknown) => toast({ title, description: errorText(error), variant: 'destructive' });

  const newLink = (user: UserListItem) =>
    makeLink.mutate(user.id, {
      onSuccess: (link) =>
        setShown(
          link.purpose === 'invitation'
            ? { title: 'Nuevo enlace de invitación', description: `Dale este enlace a ${fullName(user)} para que elija su contraseña. El enlace anterior ya no sirve.`, link }
            : { title: 'Restablecer contraseña', description: `Dale este enlace a ${fullName(user)}: con él elige una contraseña nueva. Hasta entonces su contraseña actual sigue sirviendo.`, link },
        ),
      onError: refused('No se pudo crear el enlace'),
    });
  const toggle = (user: UserListItem, enabled: boolean) =>
    setEnabled.mutate(
      { id: user.id, enabled },
      {
        onSuccess: () =>
          toast({ title: enabled ? `${fullName(user)} reactivado` : `${fullName(user)} desactivado`, description: enabled ? undefined : 'Sus sesiones abiertas se cerraron.', variant: 'success' }),
        onError: refused(enabled ? 'No se pudo reactivar' : 'No se pudo desactivar'),
      },
    );

  return (
    <>
      <PageHeader
        title="Usuarios"
        description="Quién puede entrar a la administración. Invita a una persona con un enlace de un solo uso: ella elige su contraseña."
        actions={
          <Button icon={<UserPlus className="size-4" aria-hidden />} onClick={() => setInviting(true)}>
            Invitar usuario
          </Button>
        }
      />
      {users.isPending && <LoadingState label="Cargando usuarios" />}
      {users.isError && <ErrorState title="No se pudieron cargar los usuarios" message={errorText(users.error)} />}
      {users.data && (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Usuarios">
          {users.data.map((user) => (
            <li key={user.id}>
              {/* At 200 % zoom on a phone the actions button goes below the details rather than squeeze them. */}
              <Card className="flex flex-wrap items-start justify-end gap-3 p-4" data-testid="user-card">
                <div className="min-w-0 flex-1 basis-40 space-y-1">
                  <p className="font-semibold break-words">
                    {fullName(user)}
                    {user.id === me?.id && <span className="ml-2 text-sm font-normal whitespace-nowrap text-slate-600 dark:text-slate-400">(tú)</span>}
                  </p>
                  <p className="text-sm break-all text-slate-600 dark:text-slate-400">
                    <span className="font-mono">{user.username}</span> · {user.email}
                  </p>
                  <p className="pt-1">
                    <span className={`${BADGE} ${STATUS_BADGE[user.status]}`} data-testid="user-status">
                      {USER_STATUS_LABELS[user.status]}
                    </span>
                  </p>
                  <AccessSummary user={user} />
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    Último acceso: {user.lastSignInAt ? <DateTime value={user.lastSignInAt} /> : 'nunca'}
                  </p>
                </div>
                <ActionsMenu name={fullName(user)}>
                  <ActionsMenuButton icon={<ShieldCheck />} onSelect={() => setChanging(user)} disabledReason={isLastOwner(user) ? LAST_OWNER_REASON : undefined}>
                    Cambiar acceso
                  </ActionsMenuButton>
                  {user.status !== 'disabled' && (
                    <ActionsMenuButton icon={user.status === 'invited' ? <Link2 /> : <KeyRound />} onSelect={() => newLink(user)}>
                      {user.status === 'invited' ? 'Nuevo enlace de invitación' : 'Restablecer contraseña'}
                    </ActionsMenuButton>
                  )}
                  {user.status === 'disabled' ? (
                    <ActionsMenuButton icon={<UserCheck />} onSelect={() => toggle(user, true)}>
                      Reactivar
                    </ActionsMenuButton>
                  ) : (
                    <ActionsMenuButton icon={<UserX />} onSelect={() => toggle(user, false)} disabledReason={isLastOwner(user) ? LAST_OWNER_REASON : undefined}>
                      Desactivar
                    </ActionsMenuButton>
                  )}
                  <ActionsMenuSeparator />
                  <ActionsMenuButton icon={<Trash2 />} danger onSelect={() => setRemoving(user)} disabledReason={isLastOwner(user) ? LAST_OWNER_REASON : undefined}>
                    Eliminar
                  </ActionsMenuButton>
                </ActionsMenu>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onInvited={({ user, link }) => {
            setInviting(false);
            setShown({ title: 'Invitación creada', description: `Dale este enlace a ${fullName(user)}: con él elige su contraseña y entra como «${user.username}».`, link });
          }}
        />
      )}
      {changing && (
        <ChangeAccessDialog
          user={changing}
          self={changing.id === me?.id}
          onClose={() => setChanging(null)}
          onChanged={(user) => {
            setChanging(null);
            toast({ title: `Acceso de ${fullName(user)} cambiado`, description: 'Vale desde su próxima acción.', variant: 'success' });
            if (user.id === me?.id && user.role !== 'owner') navigate('/', { replace: true });
          }}
        />
      )}
      {shown && <AccountLinkDialog {...shown} onClose={() => setShown(null)} />}
      <ConfirmDelete
        target={removing}
        title="¿Eliminar usuario?"
        message={(user) => `${fullName(user)} no podrá volver a entrar y deja la lista. Lo que hizo sigue a su nombre, y su usuario «${user.username}» no se puede volver a usar.`}
        mutation={remove}
        variables={(user) => user.id}
        onDeleted={(user) => toast({ title: `${fullName(user)} eliminado`, variant: 'success' })}
        onFailed={refused('No se pudo eliminar')}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
