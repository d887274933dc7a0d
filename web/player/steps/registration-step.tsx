import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { registrationProblems } from '../../../contract/player-input';
import type { DocumentType, Location, PlayConsent } from '../../../contract';
import { PlayerReadOnly, PlayerSelect, PlayerTextInput } from '../ui/fields';
import { PlayerSpinner } from '../ui/spinner';
import { useFocusOnMount } from '../use-focus-on-mount';
import { ConsentField } from './consent-field';
import { useCheckedSubmit } from './use-checked-submit';

interface RegistrationValues {
  fullName: string;
  locationId: number;
  /** The data-treatment version the player agreed to, and when (this device's clock). */
  consent?: { version: number; at: string };
}

export interface RegistrationStepProps {
  documentType: DocumentType | undefined;
  documentNumber: string;
  prefillName?: string;
  locations: Location[];
  /** The company's data-treatment text: when set, registering needs its checkbox ticked. */
  consent?: PlayConsent | null;
  onSubmit: (values: RegistrationValues) => Promise<void>;
  onBack: () => void;
}

/** New players, and players from another company who must pick this company's site. */
export function RegistrationStep({ documentType, documentNumber, prefillName, locations, consent, onSubmit, onBack }: RegistrationStepProps) {
  const [fullName, setFullName] = useState(prefillName ?? '');
  const [locationId, setLocationId] = useState<number | undefined>(undefined);
  const [accepted, setAccepted] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const { errors, submitting, submit } = useCheckedSubmit(
    () => registrationProblems({ fullName, locationId, consent: { required: Boolean(consent), accepted } }),
    async () => {
      if (locationId === undefined) return;
      const agreed = consent && accepted ? { version: consent.version, at: new Date().toISOString() } : undefined;
      await onSubmit({ fullName: fullName.trim(), locationId, ...(agreed ? { consent: agreed } : {}) });
    },
  );

  return (
    <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate aria-label="Registro de jugador" data-step="register">
      <div className="flex flex-wrap items-center gap-3">
        <span className="player-badge flex size-11 flex-none items-center justify-center rounded-full">
          <UserPlus className="size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-[1_1_10rem]">
          <h2 ref={heading} tabIndex={-1} className="player-heading !text-xl">
            Completa tu registro
          </h2>
          <p className="player-muted text-sm">Solo te lo pediremos una vez.</p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlayerReadOnly label="Tipo de documento" value={documentType?.name ?? ''} />
        <PlayerReadOnly label="Número de documento" value={documentNumber} />
      </div>
      <PlayerTextInput label="Nombre completo" autoComplete="name" value={fullName} error={errors.fullName} onChange={(event) => setFullName(event.target.value)} />
      <PlayerSelect
        label="Sede"
        placeholder="Selecciona tu sede"
        options={locations.map((location) => ({ value: location.id, label: location.name }))}
        value={locationId ?? ''}
        error={errors.locationId}
        onChange={(event) => setLocationId(event.target.value === '' ? undefined : Number(event.target.value))}
      />
      {consent && <ConsentField consent={consent} accepted={accepted} error={errors.consent} onChange={setAccepted} />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button type="button" className="player-button player-button-outline sm:flex-1" onClick={onBack} disabled={submitting}>
          Volver
        </button>
        <button type="submit" className="player-button sm:flex-[2]" aria-disabled={submitting || undefined}>
          {submitting && <PlayerSpinner className="size-5" />}
          Registrarme
        </button>
      </div>
    </form>
  );
}
