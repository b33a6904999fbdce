import { useTranslation } from '../../lib/translation.ts';
import { useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../common/routes.ts';
import { useSite } from '../../lib/site.ts';
import { CardPage } from '../../ui/card.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** /{locale}/signup: on success the visitor goes to check-email (spec: accounts §2). */
export function SignUpPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const navigate = useNavigate();
  const site = useSite();
  return (
    <CardPage title={t('accounts.signUp.title')} lead={<p>{t('accounts.signUp.lead')}</p>} testId="sign-up-page">
      <SignUpForm
        landing={site.variant === 'landing'}
        onSignedUp={(email) => void navigate(`/${locale}${ROUTES.checkEmail}?email=${encodeURIComponent(email)}`)}
      />
    </CardPage>
  );
}
