import { UserPlus } from 'lucide-react';
import { FormProvider, useForm } from 'react-hook-form';
import { inviteUserSchema, type InviteReply, type InviteUserInput, type InviteUserValues } from '../../../contract';
import { TextInput } from '../../components/ui/field';
import { FormDialog } from '../../components/ui/form-dialog';
import { ApiError, errorText } from '../../lib/api';
import { AccessFields, accessResolver, NEW_COMPANY_ROW } from './access-fields';
import { useInviteUser } from './api';
import { showServerErrors } from './server-errors';

const FIELDS = ['username', 'firstName', 'lastName', 'email', 'companies'] as const;

/**
 * "Invitar usuario": name, e-mail, the username the person will sign in with, and their access:
 * the owner of the whole installation, or a member with a role per company (the default, with
 * the least reach: docs/decisions.md, "Inviting by company"). They choose their own password
 * through the invitation link (`onInvited` shows it).
 */
export function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (reply: InviteReply) => void }) {
  const invite = useInviteUser();
  const form = useForm<InviteUserInput, unknown, InviteUserValues>({
    resolver: accessResolver(inviteUserSchema),
    defaultValues: { username: '', firstName: '', lastName: '', email: '', role: 'member', companies: [{ ...NEW_COMPANY_ROW }] },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: onInvited,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) form.setError('username', { message: errorText(error) });
        else showServerErrors(form, error, FIELDS);
      },
    }),
  );
  return (
    <FormDialog
      onClose={onClose}
      title="Invitar usuario"
      description="La persona recibe un enlace de un solo uso para elegir su contraseña."
      size="lg"
      formId="invite-user-form"
      onSubmit={onSubmit}
      submitLabel="Crear invitación"
      submitIcon={<UserPlus className="size-4" aria-hidden />}
      pending={invite.isPending}
      holdWhilePending
    >
      <FormProvider {...form}>
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
        <AccessFields />
        {errors.root?.message && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errors.root.message}
          </p>
        )}
      </FormProvider>
    </FormDialog>
  );
}
