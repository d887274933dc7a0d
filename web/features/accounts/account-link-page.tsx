import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ACCOUNT_LINK_REFUSALS, ACCOUNT_LINK_TOKEN_PATTERN, COMPANY_ROLE_HELP, COMPANY_ROLE_LABELS, type AccountLinkCheckReply } from '../../../contract';
import { ThemeToggle } from '../../components/layout/theme-toggle';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { LoadingState } from '../../components/ui/states';
import { ApiError, errorText } from '../../lib/api';
import { DateTime } from '../../shared/time-zone/event-time-zone';
import { useAccountLinkCheck, useRedeemAccountLink } from './api';
import { NewPasswordFields, newPasswordProblem, useNewPassword } from './password-fields';

/**
 * The page an invitation or password reset link opens (`/cuenta/{token}`, public): who invites the
 * person and what access it gives (the whole installation, or each company and role), or that the link was used or expired and what to do; the password form;
 * then the person is signed in and lands on "Inicio".
 */
export function AccountLinkPage() {
  const token = useParams().token ?? '';
  const wellFormed = ACCOUNT_LINK_TOKEN_PATTERN.test(token);
  return (
    <div className="min-h-dvh">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-12 sm:px-6">
        <div className="mb-8 flex items-center gap-3">
          <img src="/icons/icon-192.png" alt="" className="size-10 rounded-xl" />
          <span className="text-xl font-bold tracking-tight">Triviando</span>
        </div>
        {wellFormed ? <LinkState token={token} /> : <Refusal state="unknown" />}
      </main>
    </div>
  );
}

function LinkState({ token }: { token: string }) {
  const check = useAccountLinkCheck(token);
  if (check.isPending) return <LoadingState label="Revisando el enlace" />;
  if (check.isError) return <Refusal state="unknown" detail={errorText(check.error)} />;
  if (check.data.state !== 'valid') return <Refusal state={check.data.state} />;
  return <PasswordForm token={token} link={check.data} />;
}

const REFUSAL_TITLES = { unknown: 'Este enlace no sirve', used: 'Este enlace ya se usó', expired: 'Este enlace venció' } as const;

function Refusal({ state, detail }: { state: 'unknown' | 'used' | 'expired'; detail?: string }) {
  return (
    <section aria-labelledby="link-refusal">
      <h1 id="link-refusal" className="text-2xl font-bold tracking-tight">
        {REFUSAL_TITLES[state]}
      </h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300" data-testid="account-link-refusal">
        {detail ?? ACCOUNT_LINK_REFUSALS[`account_link_${state}`]}
      </p>
      <ButtonLink to="/auth" variant="secondary" className="mt-6">
        Ir a iniciar sesión
      </ButtonLink>
    </section>
  );
}

function PasswordForm({ token, link }: { token: string; link: AccountLinkCheckReply }) {
  const navigate = useNavigate();
  const redeem = useRedeemAccountLink();
  const { value, setValue, errors, setErrors } = useNewPassword();
  const [refusal, setRefusal] = useState<string | null>(null);
  const username = link.username ?? '';
  const invitation = link.purpose === 'invitation';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(value, username);
    setErrors(problem ? { [problem.field]: problem.message } : {});
    if (problem) return;
    redeem.mutate(
      { token, password: value.password },
      {
        onSuccess: () => navigate('/', { replace: true }),
        onError: (error) => {
          const issue = error instanceof ApiError ? error.body?.issues?.find((i) => i.path === 'password') : undefined;
          if (issue) setErrors({ password: issue.message });
          else setRefusal(errorText(error));
        },
      },
    );
  };

  return (
    <section aria-labelledby="account-link-title">
      <h1 id="account-link-title" className="text-2xl font-bold tracking-tight">
        {invitation ? `Hola, ${link.firstName}` : 'Elige una contraseña nueva'}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="account-link-intro">
        {invitation
          ? link.role === 'member'
            ? `${link.createdBy ?? 'Un propietario'} te invita a administrar Triviando en estas empresas, con el rol de cada una:`
            : `${link.createdBy ?? 'Un propietario'} te invita a administrar Triviando como propietario: puedes hacer todo en todas las empresas, también administrar los usuarios. Elige tu contraseña para entrar.`
          : `${link.createdBy ?? 'Un propietario'} restableció la contraseña de tu cuenta. Elige una nueva: al guardarla se cierran tus otras sesiones.`}
      </p>
      {invitation && link.role === 'member' && <InvitedAccess link={link} />}
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Tu usuario es <strong className="font-mono">{username}</strong>. El enlace sirve una vez y vence el {link.expiresAt && <DateTime value={link.expiresAt} />}.
      </p>
      <form className="mt-6 space-y-5" noValidate onSubmit={submit}>
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <NewPasswordFields value={value} onChange={setValue} errors={errors} autoFocus />
        {refusal && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {refusal}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" pending={redeem.isPending} icon={<KeyRound className="size-4" aria-hidden />}>
          {invitation ? 'Crear mi contraseña y entrar' : 'Guardar y entrar'}
        </Button>
      </form>
    </section>
  );
}

/** What a member's invitation gives: each company, the role there and what the role may do. */
function InvitedAccess({ link }: { link: AccountLinkCheckReply }) {
  return (
    <>
      <ul className="mt-3 space-y-2" aria-label="Tu acceso" data-testid="account-link-access">
        {(link.companies ?? []).map((grant) => (
          <li key={grant.companyId} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <p className="text-sm">
              <strong className="font-semibold break-words">{grant.companyName}</strong> · {COMPANY_ROLE_LABELS[grant.role]}
            </p>
            <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{COMPANY_ROLE_HELP[grant.role]}</p>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-slate-700 dark:text-slate-300">Elige tu contraseña para entrar.</p>
    </>
  );
}
