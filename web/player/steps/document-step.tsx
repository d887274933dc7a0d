import { zodResolver } from '@hookform/resolvers/zod';
import { IdCard } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { documentCheckSchema, type DocumentCheckInput } from '../../../contract';
import { TextInput } from '../../components/ui/field';
import { SelectInput } from '../../components/ui/form-controls';
import { Spinner } from '../../components/ui/spinner';
import type { DocumentType } from '../../../contract';

export function DocumentStep({ documentTypes, onSubmit }: { documentTypes: DocumentType[]; onSubmit: (values: { documentTypeId: number; documentNumber: string }) => Promise<void> }) {
  const form = useForm<DocumentCheckInput, unknown, { documentTypeId: number; documentNumber: string }>({
    resolver: zodResolver(documentCheckSchema),
    defaultValues: { documentTypeId: documentTypes.length === 1 ? documentTypes[0]!.id : undefined, documentNumber: '' },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form className="space-y-5" onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label="Validar documento">
      <div className="flex items-center gap-3">
        <span className="player-badge flex size-11 items-center justify-center rounded-full">
          <IdCard className="size-6" aria-hidden />
        </span>
        <div>
          <h2 className="player-heading !text-xl">Identifícate para jugar</h2>
          <p className="player-muted text-sm">Ingresa tu documento para comenzar.</p>
        </div>
      </div>
      <SelectInput
        label="Tipo de documento"
        className="player-input"
        error={errors.documentTypeId?.message}
        {...form.register('documentTypeId', { setValueAs: (v) => (v === '' || v === undefined ? undefined : Number(v)) })}
      >
        <option value="">Selecciona un tipo</option>
        {documentTypes.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </SelectInput>
      <TextInput
        label="Número de documento"
        inputMode="text"
        autoComplete="off"
        className="player-input"
        error={errors.documentNumber?.message}
        {...form.register('documentNumber')}
      />
      <button type="submit" className="player-button w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner className="size-5" />}
        Validar Documento
      </button>
    </form>
  );
}
