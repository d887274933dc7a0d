import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { LoginInput } from '../../../contract';
import { Button } from '../../components/ui/button';
import { TextInput } from '../../components/ui/field';
import { isSecondFactorReply, useLogin } from './api/login';

/**
 * The sign-in's second step, for a user with two-step sign-in on: the code of their app (or a
 * recovery code), sent with the username and password that already passed. A wrong or used code
 * stays here with the server's reason.
 */
export function SecondFactorStep({ credentials, onSignedIn, onBack }: { credentials: LoginInput; onSignedIn: () => void; onBack: () => void }) {
  const login = useLogin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Escribe el código');
    login.mutate(
      { ...credentials, code },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          if (isSecondFactorReply(failure)) setError(failure.serverMessage);
        },
      },
    );
  };

  return (
    <form className="mt-8 space-y-5" onSubmit={submit} noValidate aria-labelledby="second-factor-title">
      <div>
        <h2 id="second-factor-title" className="text-lg font-semibold">
          Verificación en dos pasos
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Escribe el código de 6 dígitos que muestra tu aplicación de autenticación. Si no tienes el teléfono, usa uno de tus códigos de recuperación.
        </p>
      </div>
      <TextInput label="Código" autoComplete="one-time-code" autoFocus spellCheck={false} className="font-mono tracking-widest" error={error} value={code} onChange={(e) => setCode(e.target.value)} />
      <Button type="submit" size="lg" className="w-full" pending={login.isPending} icon={<ShieldCheck className="size-4" aria-hidden />}>
        Verificar y entrar
      </Button>
      <Button variant="ghost" className="w-full" icon={<ArrowLeft className="size-4" aria-hidden />} onClick={onBack}>
        Volver
      </Button>
    </form>
  );
}
