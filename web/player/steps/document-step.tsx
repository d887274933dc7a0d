import { IdCard } from 'lucide-react';
import { useState } from 'react';
import { documentCheckProblems, normalizeDocumentNumber } from '../../../contract/player-input';
import type { DocumentType } from '../../../contract';
import { PlayerSelect, PlayerTextInput } from '../ui/fields';
import { PlayerSpinner } from '../ui/spinner';
import { useFocusOnMount } from '../use-focus-on-mount';
import { useCheckedSubmit } from './use-checked-submit';

export function DocumentStep({ documentTypes, onSubmit }: { documentTypes: DocumentType[]; onSubmit: (values: { documentTypeId: number; documentNumber: string }) => Promise<void> }) {
  const [documentTypeId, setDocumentTypeId] = useState<number | undefined>(documentTypes.length === 1 ? documentTypes[0]!.id : undefined);
  const [documentNumber, setDocumentNumber] = useState('');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const chosen = documentTypes.find((type) => type.id === documentTypeId);
  const kind = chosen ? { numeric: chosen.numeric === true } : undefined;
  const { errors, submitting, submit } = useCheckedSubmit(
    () => documentCheckProblems({ documentTypeId, documentNumber, kind }),
    async () => {
      if (documentTypeId !== undefined) await onSubmit({ documentTypeId, documentNumber: normalizeDocumentNumber(documentNumber, kind ?? { numeric: false }) });
    },
  );

  return (
    <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate aria-label="Validar documento" data-step="document">
      <div className="flex flex-wrap items-center gap-3">
        <span className="player-badge flex size-11 flex-none items-center justify-center rounded-full">
          <IdCard className="size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-[1_1_10rem]">
          <h2 ref={heading} tabIndex={-1} className="player-heading !text-xl">
            Identifícate para jugar
          </h2>
          <p className="player-muted text-sm">Ingresa tu documento para comenzar.</p>
        </div>
      </div>
      <PlayerSelect
        label="Tipo de documento"
        placeholder="Selecciona un tipo"
        options={documentTypes.map((type) => ({ value: type.id, label: type.name }))}
        value={documentTypeId ?? ''}
        error={errors.documentTypeId}
        onChange={(event) => setDocumentTypeId(event.target.value === '' ? undefined : Number(event.target.value))}
      />
      <PlayerTextInput
        label="Número de documento"
        inputMode="text"
        autoComplete="off"
        value={documentNumber}
        error={errors.documentNumber}
        onChange={(event) => setDocumentNumber(event.target.value)}
      />
      <button type="submit" className="player-button w-full" aria-disabled={submitting || undefined}>
        {submitting && <PlayerSpinner className="size-5" />}
        Validar Documento
      </button>
    </form>
  );
}
