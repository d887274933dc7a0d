import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { campaignSchema, SELECTION_MODE_LABELS, SELECTION_MODES, type Campaign, type Company } from '../../../../contract';
import { PublicNamesSelect } from '../../../components/public-names-select';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextInput } from '../../../components/ui/field';
import { SelectInput, TextArea } from '../../../components/ui/form-controls';
import { toast } from '../../../lib/toast-store';
import { useSaveCampaign } from '../api/save-campaign';

type FormInput = z.input<typeof campaignSchema>;
type FormOutput = z.output<typeof campaignSchema>;

/** The form's defaults: it offers 3 attempts per trivia; a non-numeric entry counts as 1. */
const DEFAULT_MAX_ATTEMPTS = 3;
const attemptsValue = (value: unknown) => {
  const parsed = Number.parseInt(String(value), 10);
  return Number.isNaN(parsed) ? 1 : parsed;
};

function initialValues(campaign: Campaign | null, companies: Company[]): FormInput {
  return {
    name: campaign?.name ?? '',
    description: campaign?.description ?? '',
    companyId: campaign?.companyId ?? companies[0]?.id ?? Number.NaN,
    startDate: campaign?.startDate ?? '',
    endDate: campaign?.endDate ?? '',
    maxAttemptsPerTrivia: campaign?.maxAttemptsPerTrivia ?? DEFAULT_MAX_ATTEMPTS,
    attemptSelectionMode: campaign?.attemptSelectionMode ?? 'best',
    publicNames: campaign?.publicNames ?? 'full',
  };
}

export interface CampaignFormDialogProps {
  /** null: create a new campaign. */
  campaign: Campaign | null;
  companies: Company[];
  onClose: () => void;
  onSaved?: (campaign: Campaign) => void;
}

/** 'Crear Nueva Campaña' / 'Editar Campaña': mounted while open, validated by the contract's schema. */
export function CampaignFormDialog({ campaign, companies, onClose, onSaved }: CampaignFormDialogProps) {
  const save = useSaveCampaign();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(campaignSchema), defaultValues: initialValues(campaign, companies) });
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) => {
    save.mutate(
      { id: campaign?.id, input },
      {
        onSuccess: (saved) => {
          toast({ title: campaign ? 'Campaña actualizada' : 'Campaña creada', variant: 'success' });
          onClose();
          onSaved?.(saved);
        },
      },
    );
  });

  const companyOptions = companies.map((company) => (
    <option key={company.id} value={company.id}>
      {company.name}
    </option>
  ));

  return (
    <FormDialog
      onClose={onClose}
      size="lg"
      title={campaign ? 'Editar Campaña' : 'Crear Nueva Campaña'}
      formId="campaign-form"
      onSubmit={submit}
      formClassName="grid gap-4 sm:grid-cols-2"
      submitLabel={campaign ? 'Guardar cambios' : 'Crear Campaña'}
      pending={save.isPending}
    >
      <div className="sm:col-span-2">
        <TextInput label="Nombre" error={errors.name?.message} {...form.register('name')} />
      </div>
      <div className="sm:col-span-2">
        <TextArea label="Descripción" error={errors.description?.message} {...form.register('description')} />
      </div>
      <div className="sm:col-span-2">
        {campaign ? (
          // Its trivias belong to its company, so a campaign keeps it; a disabled field is left
          // out of the form's values, so the id comes from the defaults instead of this select.
          <SelectInput label="Empresa" disabled value={campaign.companyId} onChange={() => undefined}>
            {companyOptions}
          </SelectInput>
        ) : (
          <SelectInput label="Empresa" error={errors.companyId?.message} {...form.register('companyId', { valueAsNumber: true })}>
            {companies.length === 0 && <option value="">No hay empresas</option>}
            {companyOptions}
          </SelectInput>
        )}
      </div>
      <TextInput label="Fecha de inicio" type="date" error={errors.startDate?.message} {...form.register('startDate')} />
      <TextInput label="Fecha de finalización" type="date" error={errors.endDate?.message} {...form.register('endDate')} />
      <TextInput
        label="Intentos máximos por trivia"
        type="number"
        min={1}
        max={100}
        inputMode="numeric"
        error={errors.maxAttemptsPerTrivia?.message}
        {...form.register('maxAttemptsPerTrivia', { setValueAs: attemptsValue })}
      />
      <SelectInput label="Modo de selección de intentos" error={errors.attemptSelectionMode?.message} {...form.register('attemptSelectionMode')}>
        {SELECTION_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {SELECTION_MODE_LABELS[mode]}
          </option>
        ))}
      </SelectInput>
      <PublicNamesSelect error={errors.publicNames?.message} {...form.register('publicNames')} />
    </FormDialog>
  );
}
