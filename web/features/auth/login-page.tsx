import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { loginSchema, type LoginInput } from '../../../contract';
import { Button } from '../../components/ui/button';
import { TextInput } from '../../components/ui/field';
import { FullPageSpinner } from '../../components/ui/spinner';
import { ThemeToggle } from '../../components/layout/theme-toggle';
import { useUser } from '../../shared/auth/api/get-user';
import { isSecondFactorReply, useLogin } from './api/login';
import { SecondFactorStep } from './second-factor-step';
import { KioskBrowserNotice, useThisBrowsersKiosk } from './kiosk-browser-notice';

/** Where to go after signing in: the protected page that sent the person here, or home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return from && from.startsWith('/') && !from.startsWith('//') && from !== '/auth' ? from : '/';
}

export function LoginPage() {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  // A browser set up as a kiosk does not sign in: it drops its kiosk role first (the server refuses it anyway).
  const [kiosk, setKiosk] = useThisBrowsersKiosk();
  const [released, setReleased] = useState(false);
  // The username and password that passed, while the code is asked for.
  const [pendingCode, setPendingCode] = useState<LoginInput | null>(null);

  if (isPending || kiosk === undefined) return <FullPageSpinner />;
  if (user) return <Navigate to={returnPath(location.state)} replace />;

  // What the page that sent the person here says (a reset link saved for a user with two-step sign-in on).
  const notice = (location.state as { notice?: string } | null)?.notice;
  const signedIn = () => navigate(returnPath(location.state), { replace: true });
  const onSubmit = form.handleSubmit((values) =>
    loginMutation.mutate(values, {
      onSuccess: signedIn,
      // Right password, two-step sign-in on: the same credentials go again with a code.
      onError: (error) => isSecondFactorReply(error) && error.body?.code === 'second_factor_required' && setPendingCode(values),
    }),
  );

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <main className="relative flex items-center justify-center px-6 py-12">
        <div className="absolute top-4 right-4">
          <ThemeToggle />
        </div>
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-3">
            <img src="/icons/icon-192.png" alt="" className="size-10 rounded-xl" />
            <span className="text-xl font-bold tracking-tight">Triviando</span>
          </div>
          <h1 className="text-2xl font-bold tracking-tight">Iniciar sesión</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Administra tus trivias, campañas y rankings.</p>
          {kiosk ? (
            <KioskBrowserNotice
              kiosk={kiosk}
              onReleased={() => {
                setKiosk(null);
                setReleased(true);
              }}
            />
          ) : pendingCode ? (
            <SecondFactorStep credentials={pendingCode} onSignedIn={signedIn} onBack={() => setPendingCode(null)} />
          ) : (
            <>
              {notice && (
                <p role="status" className="mt-6 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-100">
                  {notice}
                </p>
              )}
              {released && (
                <p role="status" className="mt-6 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-100">
                  Este navegador ya no es un kiosco. Ya puedes iniciar sesión.
                </p>
              )}
              <form className="mt-8 space-y-5" onSubmit={onSubmit} noValidate>
                <TextInput label="Usuario" autoComplete="username" autoFocus error={form.formState.errors.username?.message} {...form.register('username')} />
                <TextInput
                  label="Contraseña"
                  type="password"
                  autoComplete="current-password"
                  error={form.formState.errors.password?.message}
                  {...form.register('password')}
                />
                <Button type="submit" size="lg" className="w-full" pending={loginMutation.isPending} icon={<LogIn className="size-4" aria-hidden />}>
                  Login
                </Button>
              </form>
            </>
          )}
        </div>
      </main>
      <aside
        aria-label="Bienvenida"
        className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-fuchsia-500 p-12 text-white lg:flex lg:flex-col lg:justify-between"
      >
        <div className="flex items-center gap-3">
          <img src="/icons/icon-192.png" alt="Logo de Triviando" className="size-12 rounded-2xl ring-2 ring-white/40" />
          <span className="text-2xl font-bold">Triviando</span>
        </div>
        <div>
          <Trophy className="mb-6 size-14 text-amber-300" aria-hidden />
          <h2 className="text-4xl leading-tight font-bold">Bienvenido de nuevo</h2>
          <p className="mt-4 max-w-md text-lg text-white/85">
            Crea trivias atractivas para capacitar, evaluar y mantener a tu equipo enfocado, incluso cuando el stand se queda sin conexión.
          </p>
        </div>
        <p className="text-sm text-white/70">Trivias · Campañas · Rankings en vivo</p>
      </aside>
    </div>
  );
}
