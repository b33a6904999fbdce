import { useTranslation } from '../../lib/translation.ts';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isLocale, type Locale } from '../../../common/locales.ts';
import { ROUTES } from '../../../common/routes.ts';
import { CardPage } from '../../ui/card.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { authDialogs } from './auth-dialogs-store.ts';
import { redirectTarget } from './redirect.ts';
import { SignInForm } from './sign-in-form.tsx';
import { useCurrentUser } from './use-current-user.ts';

/** /{locale}/signin?redirect=… (spec: accounts §2); a signed-in visitor goes straight to the redirect. */
export function SignInPage() {
  const { t } = useTranslation();
  const params = useParams();
  const locale: Locale = isLocale(params.locale) ? params.locale : 'en';
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { user, loading } = useCurrentUser();
  const target = redirectTarget(search.get('redirect'), locale);

  if (loading) return <LoadingFallback />;
  if (user) return <Navigate to={target} replace />;
  return (
    <CardPage title={t('accounts.signIn.title')} lead={<p>{t('accounts.signIn.lead')}</p>} testId="sign-in-page">
      <SignInForm
        onOutcome={(outcome) => {
          if (outcome === 'signed_in') void navigate(target, { replace: true });
          if (outcome === 'two_factor') authDialogs.openTwoFactor(() => void navigate(target, { replace: true }));
          if (outcome === 'deactivated') void navigate(`/${locale}${ROUTES.signinDeactivated}`);
          if (outcome === 'locked') void navigate(`/${locale}${ROUTES.accountLocked}`);
        }}
      />
    </CardPage>
  );
}
