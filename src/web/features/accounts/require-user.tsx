import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isLocale } from '../../../common/locales.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { signInHref } from '../../lib/session.ts';
import { useCurrentUser } from './use-current-user.ts';

/** Private screens: signed out, the visitor goes to sign-in and comes back afterwards (spec: accounts §2). */
export function RequireUser() {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  const { locale } = useParams();
  if (loading) return <LoadingFallback />;
  if (!user) return <Navigate to={signInHref(isLocale(locale) ? locale : 'en', location.pathname + location.search)} replace />;
  return <Outlet />;
}
