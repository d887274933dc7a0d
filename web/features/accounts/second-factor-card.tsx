import { Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { SecondFactorSetup } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextInput } from '../../components/ui/field';
import { QrCode } from '../../shared/qr-code';
import { ApiError, errorText } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { DateTime } from '../../shared/time-zone/event-time-zone';
import { useConfirmSecondFactor, useDisableSecondFactor, useSecondFactor, useStartSecondFactor } from './second-factor-api';

/** The message of the reply's issue on `field`, or null when the failure is not about the field. */
const issueOn = (error: Error, field: string) => (error instanceof ApiError ? (error.body?.issues?.find((issue) => issue.path === field)?.message ?? null) : null);

/**
 * "Verificación en dos pasos" in "Mi cuenta" (owners): off, it offers to turn it on (a QR code and
 * the key as text, then a first code); just turned on, the recovery codes, shown once; on, when it
 * was turned on, the codes left, and turning it off with a code or the password.
 */
export function SecondFactorCard() {
  const titleId = useId();
  const status = useSecondFactor();
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!status.data || (!status.data.available && !status.data.enabled)) return null;

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="text-lg font-semibold">
          Verificación en dos pasos
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Además de tu contraseña, al iniciar sesión se pide un código de 6 dígitos de una aplicación de tu teléfono: quien sepa tu contraseña no puede entrar sin él.
        </p>
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : setup ? (
          <SetUp
            setup={setup}
            onCancel={() => setSetup(null)}
            onConfirmed={(codes) => {
              setSetup(null);
              setRecoveryCodes(codes);
            }}
          />
        ) : status.data.enabled ? (
          <TurnOff enabledAt={status.data.enabledAt} codesLeft={status.data.recoveryCodesLeft} />
        ) : (
          <TurnOn onStarted={setSetup} />
        )}
      </section>
    </Card>
  );
}

function TurnOn({ onStarted }: { onStarted: (setup: SecondFactorSetup) => void }) {
  const start = useStartSecondFactor();
  return (
    <>
      <p className="mt-4 text-sm">
        Estado: <strong>desactivada</strong>
      </p>
      <Button className="mt-4" pending={start.isPending} icon={<ShieldCheck className="size-4" aria-hidden />} onClick={() => start.mutate(undefined, { onSuccess: onStarted })}>
        Activar la verificación en dos pasos
      </Button>
    </>
  );
}

/** The key in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function SetUp({ setup, onCancel, onConfirmed }: { setup: SecondFactorSetup; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const confirm = useConfirmSecondFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Escribe el código de 6 dígitos que muestra la aplicación');
    confirm.mutate(
      { code },
      {
        onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
        onError: (failure) => setError(issueOn(failure, 'code') ?? errorText(failure)),
      },
    );
  };

  return (
    <div className="mt-4 space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Abre tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) y escanea este código.</li>
        <li>Escribe abajo el código de 6 dígitos que te muestra.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <QrCode text={setup.uri} label="Código QR para tu aplicación de autenticación" className="aspect-square w-40 max-w-full shrink-0 overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700 [&>svg]:size-full" testId="second-factor-qr" />
        <div className="min-w-0 text-sm">
          <p className="text-slate-600 dark:text-slate-400">¿No puedes escanearlo? Escribe esta clave en la aplicación:</p>
          <p className="mt-1 font-mono text-base select-all" data-testid="second-factor-secret">
            {grouped(setup.secret)}
          </p>
        </div>
      </div>
      <form className="space-y-4" noValidate onSubmit={submit}>
        <TextInput
          label="Código de la aplicación"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          className="max-w-48 font-mono tracking-widest"
          error={error}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" pending={confirm.isPending} icon={<ShieldCheck className="size-4" aria-hidden />}>
            Confirmar y activar
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => toast({ title: 'Códigos copiados', variant: 'success' }),
      () => toast({ title: 'No se pudieron copiar: selecciónalos y cópialos a mano', variant: 'destructive' }),
    );
  return (
    <div className="mt-4 space-y-4" role="status">
      <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-100">
        <strong>Verificación en dos pasos activada.</strong> Guarda estos códigos de recuperación en un lugar seguro: si pierdes el teléfono, cada uno te deja entrar una vez en lugar del código de la aplicación. No se volverán a mostrar.
      </p>
      <ul className="grid grid-cols-1 gap-x-6 gap-y-1 font-mono text-sm min-[400px]:grid-cols-2" aria-label="Códigos de recuperación" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" icon={<Copy className="size-4" aria-hidden />} onClick={() => void copy()}>
          Copiar los códigos
        </Button>
        <Button onClick={onDone}>Ya los guardé</Button>
      </div>
    </div>
  );
}

function TurnOff({ enabledAt, codesLeft }: { enabledAt: string | null; codesLeft: number }) {
  const disable = useDisableSecondFactor();
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!proof) return setError('Escribe un código de la aplicación o tu contraseña');
    disable.mutate(
      { proof },
      {
        onSuccess: () => toast({ title: 'Verificación en dos pasos desactivada', variant: 'success' }),
        onError: (failure) => setError(issueOn(failure, 'proof') ?? errorText(failure)),
      },
    );
  };

  return (
    <>
      <p className="mt-4 text-sm" data-testid="second-factor-state">
        Estado: <strong className="text-emerald-800 dark:text-emerald-300">activada</strong>
        {enabledAt && (
          <>
            {' '}
            desde el <DateTime value={enabledAt} />
          </>
        )}
        . Te {codesLeft === 1 ? 'queda 1 código' : `quedan ${codesLeft} códigos`} de recuperación.
      </p>
      <form className="mt-4 space-y-4" noValidate onSubmit={submit}>
        <TextInput
          label="Para desactivarla: un código de la aplicación o tu contraseña"
          type="password"
          autoComplete="current-password"
          error={error}
          value={proof}
          onChange={(e) => setProof(e.target.value)}
        />
        <Button type="submit" variant="secondary" pending={disable.isPending} icon={<ShieldOff className="size-4" aria-hidden />}>
          Desactivar
        </Button>
      </form>
    </>
  );
}
