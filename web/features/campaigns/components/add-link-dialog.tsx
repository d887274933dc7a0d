import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { campaignLinkSchema, type QuestionGroup } from '../../../../contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextInput } from '../../../components/ui/field';
import { SelectInput } from '../../../components/ui/form-controls';
import { toast } from '../../../lib/toast-store';
import { useAddCampaignLink } from '../api/add-campaign-link';
import { DEFAULT_WEIGHT, parseWeight } from './weight-input';

type FormInput = z.input<typeof campaignLinkSchema>;
type FormOutput = z.output<typeof campaignLinkSchema>;

export interface AddLinkDialogProps {
  campaignId: number;
  /** Trivias of the campaign's company not yet in it; the first is preselected. */
  available: QuestionGroup[];
  onClose: () => void;
}

/** 'Agregar Trivia': one trivia and its weight; the server puts it last. Mounted while open. */
export function AddLinkDialog({ campaignId, available, onClose }: AddLinkDialogProps) {
  const add = useAddCampaignLink(campaignId);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(campaignLinkSchema),
    defaultValues: { campaignId, questionGroupId: available[0]?.id ?? Number.NaN, weight: DEFAULT_WEIGHT },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Trivia agregada', variant: 'success' });
        onClose();
      },
    }),
  );

  return (
    <FormDialog
      onClose={onClose}
      title="Agregar Trivia"
      description="Elige una trivia de la empresa que aún no esté en la campaña."
      formId="add-link-form"
      onSubmit={submit}
      submitLabel="Agregar"
      pending={add.isPending}
    >
      <SelectInput label="Trivia" error={errors.questionGroupId?.message} {...form.register('questionGroupId', { valueAsNumber: true })}>
        {available.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </SelectInput>
      <TextInput
        label="Peso"
        type="number"
        min={1}
        max={100}
        inputMode="numeric"
        hint="De 1 a 100: multiplica el puntaje de esta trivia en el total."
        error={errors.weight?.message}
        {...form.register('weight', { setValueAs: (value) => parseWeight(String(value)) })}
      />
    </FormDialog>
  );
}
