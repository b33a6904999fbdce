import { useTranslation } from '../../lib/translation.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { useCurrentUserRoles } from '../accounts/use-current-user-roles.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { DeliveryRulesSection } from './delivery-rules-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';
import './integrations.css';

/**
 * /{locale}/user/integrations (issue 30): how a newsroom's systems reach the platform. The API keys
 * its systems call the content API with; the endpoints webhooks tell of events; the rules that deliver
 * new videos to its servers. Run by the company's master, or by a user without a company; a member
 * is told who runs it.
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const roles = useCurrentUserRoles();
  if (roles.error) throw roles.error;
  if (!roles.data) return <LoadingFallback label={t('common.loading')} />;
  return (
    <div className="page integrations-page" data-testid="integrations-page">
      <h1>{t('profileMenu.integrations')}</h1>
      {roles.data.integrations ? (
        <>
          <p className="integrations-page__lead">{t('integrations.lead')}</p>
          <ApiKeysSection />
          <WebhooksSection />
          <DeliveryRulesSection />
        </>
      ) : (
        <p className="integrations-page__lead" data-testid="integrations-not-master">
          {t('integrations.notMaster')}
        </p>
      )}
    </div>
  );
}
