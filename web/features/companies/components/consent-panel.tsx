import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CONSENT_TEXT_MAX, consentTextSchema, type Company } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextArea } from '../../../components/ui/form-controls';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { errorText } from '../../../lib/api';
import { DateTime } from '../../../shared/time-zone/event-time-zone';
import { useConsentTexts, useSaveConsentText } from '../api/consent-texts';
import { failureToast, successToast } from '../failure-toast';

/**
 * "Tratamiento de datos": the company's data-treatment text, plain text. Saving makes a new
 * version (the players' registrations keep the version they agreed to); an empty text turns the
 * checkbox off for new registrations. The versions are listed under it.
 */
export function ConsentPanel({ company }: { company: Company }) {
  const versions = useConsentTexts(company.id);
  if (versions.isPending) return <LoadingState label="Cargando el tratamiento de datos…" />;
  if (versions.isError) return <ErrorState title="No se pudo cargar el tratamiento de datos" message={errorText(versions.error)} />;
  const current = versions.data[0];
  return <ConsentForm key={current?.version ?? 0} company={company} initial={current?.text ?? ''} versions={versions.data} />;
}

function ConsentForm({ company, initial, versions }: { company: Company; initial: string; versions: { version: number; text: string; createdBy: string | null; createdAt: string }[] }) {
  const save = useSaveConsentText(company.id);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = consentTextSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data.text, {
      onSuccess: (saved) =>
        successToast(saved.text === '' ? 'Tratamiento de datos desactivado' : `Tratamiento de datos guardado (versión ${saved.version})`),
      onError: failureToast('No se pudo guardar el tratamiento de datos'),
    });
  }

  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="consent-title">
      <form onSubmit={submit} noValidate className="space-y-3">
        <h2 id="consent-title" className="flex min-w-0 items-center gap-2 text-lg font-semibold">
          <ShieldCheck className="size-5 shrink-0 text-brand-600" aria-hidden />
          <span className="break-words">Tratamiento de datos de {company.name}</span>
        </h2>
        <TextArea
          label="Texto que el jugador acepta al registrarse"
          hint={`Texto plano (se conservan los saltos de línea). Vacío: no se pide consentimiento. Hasta ${CONSENT_TEXT_MAX} caracteres. Guardar crea una versión nueva.`}
          rows={6}
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex justify-end">
          <Button type="submit" pending={save.isPending} disabled={text.trim() === initial}>
            Guardar versión
          </Button>
        </div>
      </form>
      {versions.length > 0 && (
        <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-800">
          <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Versiones</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-300">
            {versions.map((v) => (
              <li key={v.version}>
                Versión {v.version} · <DateTime value={v.createdAt} />
                {v.createdBy ? ` · ${v.createdBy}` : ''}
                {v.text === '' ? ' · sin texto (no se pide consentimiento)' : ''}
                {v === versions[0] ? ' · actual' : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
