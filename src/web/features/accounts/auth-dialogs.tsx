import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../common/routes.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { authDialogs, useAuthDialogs } from './auth-dialogs-store.ts';
import { SignInForm, type SignInOutcome } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { TwoFactorForm } from './two-factor-form.tsx';

/** The header's sign-in modal, the landing variant's sign-up modal and the admin two-factor popup. */
export function AuthDialogs({ landing }: { landing: boolean }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { open, afterSignIn } = useAuthDialogs();
  const lastPath = useRef(pathname);

  // Following a link out of a dialog (to restore-password, say) closes it.
  useEffect(() => {
    if (lastPath.current !== pathname && authDialogs.get().open !== 'two_factor') authDialogs.close();
    lastPath.current = pathname;
  }, [pathname]);

  const onOutcome = (outcome: SignInOutcome) => {
    if (outcome === 'two_factor') return authDialogs.openTwoFactor(null);
    authDialogs.close();
    // "User is deactivated" closes the modal; user_locked goes to the locked-account page (spec: accounts §8).
    if (outcome === 'deactivated') void navigate(`/${locale}${ROUTES.signinDeactivated}`);
    if (outcome === 'locked') void navigate(`/${locale}${ROUTES.accountLocked}`);
  };
  const onOpenChange = (next: boolean) => (next ? undefined : authDialogs.close());

  return (
    <>
      <Dialog open={open === 'signin'} onOpenChange={onOpenChange} title={t('accounts.signIn.title')} size="small" testId="sign-in-dialog">
        <SignInForm onOutcome={onOutcome} onSwitchToSignUp={landing ? authDialogs.openSignUp : undefined} testId="sign-in-dialog-form" />
      </Dialog>
      <Dialog open={open === 'signup'} onOpenChange={onOpenChange} title={t('accounts.signUp.title')} size="small" testId="sign-up-dialog">
        <SignUpForm
          landing={landing}
          onSwitchToSignIn={authDialogs.openSignIn}
          onSignedUp={(email) => {
            authDialogs.close();
            void navigate(`/${locale}${ROUTES.checkEmail}?email=${encodeURIComponent(email)}`);
          }}
        />
      </Dialog>
      <Dialog
        open={open === 'two_factor'}
        onOpenChange={onOpenChange}
        title={t('accounts.twoFactor.title')}
        description={t('accounts.twoFactor.lead')}
        size="small"
        testId="two-factor-dialog"
      >
        <TwoFactorForm
          onSignedIn={() => {
            authDialogs.close();
            afterSignIn?.();
          }}
        />
      </Dialog>
    </>
  );
}
