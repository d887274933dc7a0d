import type { ComponentType } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useUser } from '../../shared/auth/api/get-user';
import { FullPageSpinner } from '../ui/spinner';

/**
 * A spinner while the session loads, /auth when nobody is signed in (coming back here after login),
 * otherwise the page with the route's parameters.
 */
export function Protected({ page: Page }: { page: ComponentType<{ params: Record<string, string | undefined> }> }) {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  const params = useParams();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Page params={params} />;
}
