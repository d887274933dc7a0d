import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { inviteUserSchema, type InviteReply, type InviteUserInput } from '../../../contract';
import { TextInput } from '../../components/ui/field';
import { FormDialog } from '../../components/ui/form-dialog';
import { ApiError, errorText } from '../../lib/api';
import { useInviteUser } from './api';

const FIELDS = ['username', 'firstName', 'lastName', 'email'] as const;

/**
 * "Invitar usuario": name, e-mail and the username the person will sign in with; they choose
 * their own password through the invitation link (`onInvited` shows it). Every invitee is an owner
 * until roles per company exist.
 */
export function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (reply: InviteReply) => void }) {
  const invite = useInviteUser();
  const form = useForm<InviteUserInput>({
    resolver: zodResolver(inviteUserSchema),
    defaultValues: { username: '', firstName: '', lastName: '', email: '', role: 'owner' },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: onInvited,
      onError: (error) => {
        const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
        const field = error instanceof ApiError && error.status === 409 ? 'username' : undefined;
        for (const issue of issues) if ((FIELDS as readonly string[]).includes(issue.path)) form.setError(issue.path as (typeof FIELDS)[number], { message: issue.message });
        if (field) form.setError(field, { message: errorText(error) });
        else if (!issues.length) form.setError('root', { message: errorText(error) });
      },
    }),
  );
  return (
    <FormDialog
      onClose={onClose}
      title="Invitar usuario"
      description="La persona recibe un enlace de un solo uso para elegir su contraseña. Por ahora todo usuario es propietario: puede hacer todo, también administrar usuarios."
      formId="invite-user-form"
      onSubmit={onSubmit}
      submitLabel="Crear invitación"
      submitIcon={<UserPlus className="size-4" aria-hidden />}
      pending={invite.isPending}
      holdWhilePending
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Nombre" autoComplete="off" autoFocus error={errors.firstName?.message} {...form.register('firstName')} />
        <TextInput label="Apellido" autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <TextInput label="Correo electrónico" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
      <TextInput
        label="Usuario"
        autoComplete="off"
        hint="Con él inicia sesión. Letras, números, punto, guion y guion bajo."
        error={errors.username?.message}
        {...form.register('username')}
      />
      {errors.root?.message && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.root.message}
        </p>
      )}
    </FormDialog>
  );
}
