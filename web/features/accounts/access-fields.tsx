import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { COMPANY_ROLE_HELP, COMPANY_ROLE_LABELS, COMPANY_ROLES, INSTALLATION_ROLE_HELP, memberNeedsCompany, type InstallationRole, type UserAccessInput } from '../../../contract';
import { Button } from '../../components/ui/button';
import { RadioCards } from '../../components/ui/radio-cards';
import { SelectInput } from '../../components/ui/form-controls';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { useCompanies } from '../../shared/companies/api/get-companies';

/** The two choices of "Acceso", as the dialogs word them. */
export const ACCESS_CHOICES: Record<InstallationRole, string> = { owner: 'Propietario (toda la instalación)', member: 'Por empresa' };

/** A new company row: no company chosen yet, the role with the least reach. */
export const NEW_COMPANY_ROW = { companyId: Number.NaN, role: 'viewer' } as const;

/**
 * The resolver of a form with the access fields: the API's rule and the screens' (a member gets at
 * least one company). An owner's company rows stay in the form (choosing "Por empresa" again brings
 * them back) but are neither checked nor sent.
 */
export function accessResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema.superRefine(memberNeedsCompany)) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return (values, context, options) => resolve(values.role === 'owner' ? { ...values, companies: [] } : values, context, options);
}

/**
 * "Acceso" in "Invitar usuario" and "Cambiar acceso" (inside the form's FormProvider): the owner of
 * the whole installation, or a member with one row per company (company and role, the role's help
 * under it; add, remove). A company chosen in one row is not offered in another.
 */
export function AccessFields() {
  const { register, control, setValue, formState } = useFormContext<UserAccessInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'companies', keyName: 'key' });
  const role = useWatch({ control, name: 'role' });
  const rows = useWatch({ control, name: 'companies' }) ?? [];
  const companies = useCompanies();
  const errors = formState.errors.companies;
  const listError = errors?.message ?? errors?.root?.message;
  const helpId = useId();

  const choose = (choice: InstallationRole) => {
    setValue('role', choice, { shouldDirty: true });
    if (choice === 'member' && fields.length === 0) append({ ...NEW_COMPANY_ROW });
  };
  const chosenCompanies = new Set(rows.map((row) => row.companyId));
  const companyName = (id: number) => companies.data?.find((company) => company.id === id)?.name;

  return (
    <>
      <RadioCards
        legend="Acceso"
        name="access-role"
        value={role}
        options={(['owner', 'member'] as const).map((value) => ({ value, label: ACCESS_CHOICES[value], help: INSTALLATION_ROLE_HELP[value] }))}
        onChange={choose}
      />
      {role === 'member' && (
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Empresas y rol en cada una</legend>
          {companies.isPending && <LoadingState label="Cargando empresas" />}
          {companies.isError && <ErrorState title="No se pudieron cargar las empresas" message={errorText(companies.error)} />}
          {companies.data?.length === 0 && <p className="text-sm text-slate-700 dark:text-slate-300">Aún no hay empresas: crea una en «Empresas» para dar acceso por empresa.</p>}
          {companies.data && companies.data.length > 0 && (
            <ul className="space-y-3" aria-label="Empresas del usuario">
              {fields.map((field, index) => {
                const row = rows[index];
                const name = row && companyName(row.companyId);
                const rowHelpId = `${helpId}-${index}`;
                const roleError = errors?.[index]?.role?.message;
                return (
                  // Company, role and the remove button side by side when they fit, else each company and role on a line of its own.
                  <li key={field.key} className="flex flex-wrap items-end gap-x-2 gap-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-testid="access-row">
                    <div className="min-w-0 grow basis-40">
                      <SelectInput label="Empresa" error={errors?.[index]?.companyId?.message} {...register(`companies.${index}.companyId`, { valueAsNumber: true })}>
                        <option value="">Elige una empresa</option>
                        {companies.data.map((company) => (
                          <option key={company.id} value={company.id} disabled={company.id !== row?.companyId && chosenCompanies.has(company.id)}>
                            {company.name}
                          </option>
                        ))}
                      </SelectInput>
                    </div>
                    <div className="min-w-0 grow basis-40">
                      <SelectInput label="Rol" error={roleError} {...(roleError ? {} : { 'aria-describedby': rowHelpId })} {...register(`companies.${index}.role`)}>
                        {COMPANY_ROLES.map((value) => (
                          <option key={value} value={value}>
                            {COMPANY_ROLE_LABELS[value]}
                          </option>
                        ))}
                      </SelectInput>
                    </div>
                    <Button
                      variant="ghost"
                      className="ml-auto shrink-0"
                      aria-label={name ? `Quitar ${name}` : `Quitar la fila ${index + 1}`}
                      onClick={() => remove(index)}
                      icon={<Trash2 className="size-4" aria-hidden />}
                    />
                    <p id={rowHelpId} className="basis-full text-xs text-slate-600 dark:text-slate-400">
                      {row?.role && COMPANY_ROLE_HELP[row.role]}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
          {listError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {listError}
            </p>
          )}
          {companies.data && companies.data.length > 0 && (
            <Button variant="secondary" size="sm" icon={<Plus className="size-4" aria-hidden />} disabled={fields.length >= companies.data.length} onClick={() => append({ ...NEW_COMPANY_ROW })}>
              Añadir empresa
            </Button>
          )}
        </fieldset>
      )}
    </>
  );
}
