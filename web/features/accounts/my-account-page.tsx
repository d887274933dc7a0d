import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { PasswordOwner } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextInput } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError, errorText } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { useUser } from '../../shared/auth/api/get-user';
import { useChangePassword } from './api';
import { endedText, OpenSessions } from './open-sessions';
import { NewPasswordFields, useNewPassword } from './password-fields';
import { SecondFactorCard } from './second-factor-card';

/** "Mi cuenta": the signed-in user changes their password, sees and ends their open sessions, and turns two-step sign-in on or off. */
export function MyAccountPage() {
  const { data: user } = useUser();
  return (
    <>
      <PageHeader title="Mi cuenta" description={user ? `${user.firstName} ${user.lastName} · usuario ${user.username}` : undefined} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <ChangePassword owner={user ?? { username: '' }} />
        <OpenSessions />
        <SecondFactorCard />
      </div>
    </>
  );
}

function ChangePassword({ owner }: { owner: PasswordOwner }) {
  const titleId = useId();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string>();
  const { value, setValue, errors, setErrors, verdict, check } = useNewPassword(owner);
  const username = owner.username;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const passes = check();
    setCurrentError(current ? undefined : 'La contraseña actual es requerida');
    if (!passes || !current) return;
    change.mutate(
      { currentPassword: current, newPassword: value.password },
      {
        onSuccess: ({ ended }) => {
          setCurrent('');
          setValue({ password: '', repeated: '' });
          toast({ title: 'Contraseña cambiada', description: ended ? endedText(ended) : undefined, variant: 'success' });
        },
        onError: (error) => {
          const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
          const onCurrent = issues.find((i) => i.path === 'currentPassword');
          const onNew = issues.find((i) => i.path === 'newPassword');
          if (onCurrent) setCurrentError(onCurrent.message);
          if (onNew) setErrors({ password: onNew.message });
          if (!onCurrent && !onNew) toast({ title: 'No se pudo cambiar la contraseña', description: errorText(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="text-lg font-semibold">
          Cambiar mi contraseña
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Al cambiarla se cierran tus sesiones en los demás dispositivos; esta sigue abierta.</p>
        <form className="mt-5 space-y-4" noValidate onSubmit={submit}>
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <TextInput label="Contraseña actual" type="password" autoComplete="current-password" error={currentError} value={current} onChange={(e) => setCurrent(e.target.value)} />
          <NewPasswordFields value={value} onChange={setValue} errors={errors} verdict={verdict} />
          <Button type="submit" pending={change.isPending} icon={<KeyRound className="size-4" aria-hidden />}>
            Cambiar contraseña
          </Button>
        </form>
      </section>
    </Card>
  );
}
