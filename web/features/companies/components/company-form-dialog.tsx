import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { companySchema, type Company } from '../../../../contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextInput } from '../../../components/ui/field';
import { TextArea } from '../../../components/ui/form-controls';
import { LogoUpload } from '../../../shared/logos/components/logo-upload';
import { COMPANIES_KEY } from '../../../shared/companies/api/get-companies';
import { useSaveCompany } from '../api/save-company';
import { failureToast, successToast } from '../failure-toast';
import { useServerTimeZone } from '../../../shared/time-zone/server-time-zone';
import { TimeZoneSelect } from './time-zone-select';

type FormInput = z.input<typeof companySchema>;
type FormOutput = z.output<typeof companySchema>;

/** "Nueva empresa" / "Editar empresa"; editing also shows the logo uploader. Mounted while open, so it starts fresh. */
export function CompanyFormDialog({ company, onClose }: { company: Company | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const save = useSaveCompany();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(companySchema),
    defaultValues: { name: company?.name ?? '', description: company?.description ?? '', timeZone: company?.timeZone ?? '' },
  });
  const serverTimeZone = useServerTimeZone();
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ name, description, timeZone }) => {
    const editing = Boolean(company);
    save.mutate(
      { id: company?.id, input: { name, description, timeZone: timeZone ?? null } },
      {
        onSuccess: () => {
          successToast(editing ? 'Empresa actualizada correctamente' : 'Empresa creada correctamente');
          onClose();
        },
        onError: failureToast(editing ? 'No se pudo actualizar la empresa' : 'No se pudo crear la empresa'),
      },
    );
  });

  return (
    <FormDialog
      onClose={onClose}
      title={company ? 'Editar empresa' : 'Nueva empresa'}
      formId="company-form"
      onSubmit={submit}
      submitLabel={company ? 'Guardar' : 'Crear'}
      pending={save.isPending}
    >
      <TextInput label="Nombre" autoComplete="organization" error={errors.name?.message} {...form.register('name')} />
      <TextArea label="Descripción" error={errors.description?.message} {...form.register('description')} />
      <TimeZoneSelect serverTimeZone={serverTimeZone} error={errors.timeZone?.message} {...form.register('timeZone')} />
      {company && (
        <LogoUpload
          entityType="company"
          entityId={company.id}
          logoUrl={company.logoUrl}
          onChange={() => void queryClient.invalidateQueries({ queryKey: COMPANIES_KEY })}
        />
      )}
    </FormDialog>
  );
}
