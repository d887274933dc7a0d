import { ShieldCheck } from 'lucide-react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { userAccessSchema, type UserAccessInput, type UserAccessValues, type UserListItem } from '../../../contract';
import { FormDialog } from '../../components/ui/form-dialog';
import { AccessFields, accessResolver } from './access-fields';
import { useChangeUserAccess } from './api';
import { showServerErrors } from './server-errors';

/**
 * "Cambiar acceso": a user's access replaced as a whole, owner of the installation or a role per
 * company. It takes effect on the person's next request; their sessions stay open. `self` warns an
 * owner who is about to give up their own. "Usuarios" does not offer it for the last active owner;
 * the server refuses that anyway (409 `last_owner`, shown under the form).
 */
export function ChangeAccessDialog({
  user,
  self,
  onClose,
  onChanged,
}: {
  user: UserListItem;
  self: boolean;
  onClose: () => void;
  onChanged: (user: UserListItem) => void;
}) {
  const change = useChangeUserAccess();
  const form = useForm<UserAccessInput, unknown, UserAccessValues>({
    resolver: accessResolver(userAccessSchema),
    defaultValues: { role: user.role, companies: user.companies.map(({ companyId, role }) => ({ companyId, role })) },
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((access) =>
    change.mutate({ id: user.id, access }, { onSuccess: onChanged, onError: (error) => showServerErrors(form, error, ['companies']) }),
  );
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <FormDialog
      onClose={onClose}
      title="Cambiar acceso"
      description={`${name} (${user.username})`}
      size="lg"
      formId="change-access-form"
      onSubmit={onSubmit}
      submitLabel="Guardar acceso"
      submitIcon={<ShieldCheck className="size-4" aria-hidden />}
      pending={change.isPending}
      holdWhilePending
    >
      <FormProvider {...form}>
        <AccessFields />
        <p className="text-sm text-slate-600 dark:text-slate-400">El cambio vale desde su próxima acción, sin cerrar sus sesiones.</p>
        {self && user.role === 'owner' && role === 'member' && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-400/10 dark:text-amber-100 dark:ring-amber-400/30" data-testid="self-demotion">
            Es tu propio acceso: dejarás de administrar los usuarios y de ver las empresas que no elijas.
          </p>
        )}
        {errors.root?.message && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errors.root.message}
          </p>
        )}
      </FormProvider>
    </FormDialog>
  );
}
