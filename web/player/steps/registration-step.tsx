import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { playerRegistrationSchema, type DocumentType, type Location } from '../../../contract';
import { inputClass, TextInput } from '../../components/ui/field';
import { Field } from '../../components/ui/field';
import { SelectInput } from '../../components/ui/form-controls';
import { Spinner } from '../../components/ui/spinner';


const registrationFields = playerRegistrationSchema.pick({ fullName: true, locationId: true });
interface RegistrationValues {
  fullName: string;
  locationId: number;
}

export interface RegistrationStepProps {
  documentType: DocumentType | undefined;
  documentNumber: string;
  prefillName?: string;
  locations: Location[];
  onSubmit: (values: RegistrationValues) => Promise<void>;
  onBack: () => void;
}

/** New players, and players from another company who must pick this company's site. */
export function RegistrationStep({ documentType, documentNumber, prefillName, locations, onSubmit, onBack }: RegistrationStepProps) {
  const form = useForm<RegistrationValues>({
    resolver: zodResolver(registrationFields),
    defaultValues: { fullName: prefillName ?? '', locationId: undefined },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form className="space-y-5" onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label="Registro de jugador">
      <div className="flex items-center gap-3">
        <span className="player-badge flex size-11 items-center justify-center rounded-full">
          <UserPlus className="size-6" aria-hidden />
        </span>
        <div>
          <h2 className="player-heading !text-xl">Completa tu registro</h2>
          <p className="player-muted text-sm">Solo te lo pediremos una vez.</p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Tipo de documento">{(id) => <input id={id} className={`${inputClass} player-input`} value={documentType?.name ?? ''} disabled />}</Field>
        <Field label="Número de documento">{(id) => <input id={id} className={`${inputClass} player-input`} value={documentNumber} disabled />}</Field>
      </div>
      <TextInput label="Nombre completo" autoComplete="name" className="player-input" error={errors.fullName?.message} {...form.register('fullName')} />
      <SelectInput
        label="Sede"
        className="player-input"
        error={errors.locationId?.message}
        {...form.register('locationId', { setValueAs: (v) => (v === '' || v === undefined ? undefined : Number(v)) })}
      >
        <option value="">Selecciona tu sede</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </SelectInput>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button type="button" className="player-button player-button-outline sm:flex-1" onClick={onBack} disabled={isSubmitting}>
          Volver
        </button>
        <button type="submit" className="player-button sm:flex-[2]" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-5" />}
          Registrarme
        </button>
      </div>
    </form>
  );
}
