import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { ROUTES } from '../../../common/routes.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { CardPage } from '../../ui/card.tsx';
import { accountFormsApi } from './account-forms-api.ts';

function useLocalePath() {
  const { locale = 'en' } = useParams();
  return (path: string) => `/${locale}${path}`;
}

/** After sign-up: the confirmation link is on its way; it can be sent again. */
export function CheckEmailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const resend = useMutation({ mutationFn: () => accountFormsApi.resendByEmail(email) });
  return (
    <CardPage title={t('accounts.checkEmail.title')} lead={<p>{t('accounts.checkEmail.lead', { email })}</p>} testId="check-email-page">
      <p className="card__note">{t('accounts.checkEmail.spam')}</p>
      {email ? (
        resend.isSuccess ? (
          <p role="status">{t('accounts.checkEmail.resent')}</p>
        ) : (
          <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
            {t('accounts.checkEmail.resend')}
          </Button>
        )
      ) : null}
    </CardPage>
  );
}

export function AlreadyConfirmedPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <CardPage
      title={t('accounts.alreadyConfirmed.title')}
      lead={<p>{t('accounts.alreadyConfirmed.lead')}</p>}
      testId="already-confirmed-page"
    >
      <Link to={to(ROUTES.signin)} className={buttonClass()}>
        {t('profileMenu.signIn')}
      </Link>
    </CardPage>
  );
}

export function RestorePasswordCheckEmailPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <CardPage title={t('accounts.restore.checkTitle')} lead={<p>{t('accounts.restore.checkLead')}</p>} testId="restore-check-email-page">
      <Link to={to(ROUTES.signin)}>{t('accounts.backToSignIn')}</Link>
    </CardPage>
  );
}

export function PasswordChangedPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <CardPage title={t('alert.flash.password_update')} lead={<p>{t('accounts.newPassword.changedLead')}</p>} testId="password-changed-page">
      <Link to={to(ROUTES.signin)} className={buttonClass()}>
        {t('profileMenu.signIn')}
      </Link>
    </CardPage>
  );
}

/** Spec: accounts §2 "Deactivated-account sign-in page", §8 "Your account has been deactivated". */
export function SigninDeactivatedPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <CardPage title={t('accounts.deactivated.title')} lead={<p>{t('accounts.deactivated.lead')}</p>} testId="signin-deactivated-page">
      <Link to={to('/')}>{t('common.backHome')}</Link>
    </CardPage>
  );
}

/** Where user_locked sends the visitor: the lock lasts an hour, or until the e-mailed link is used. */
export function AccountLockedPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <CardPage title={t('accounts.locked.title')} lead={<p>{t('accounts.locked.lead')}</p>} testId="account-locked-page">
      <Link to={to(ROUTES.restorePassword)}>{t('accounts.signIn.forgot')}</Link>
    </CardPage>
  );
}
