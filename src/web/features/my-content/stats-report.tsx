import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { CHANNELS } from '../../../common/realtime-channels.ts';
import type { UserNotificationMessage } from '../../../common/realtime.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { subscribe } from '../realtime/cable.ts';
import { myContentApi } from './api.ts';
import { reportLinkOf } from './my-content-view.ts';

/**
 * The link of the CSV report once it is built: it comes on the user's notifications channel (and by
 * e-mail). The identifier names the user so that it differs from the app-wide subscription to the
 * same channel (see requested-files-live.ts for why).
 */
function useStatsReportLink(): [string | null, (link: string | null) => void] {
  const userId = useSignedInUserId();
  const [link, setLink] = useState<string | null>(null);
  useEffect(() => {
    if (userId === null) return;
    return subscribe<UserNotificationMessage>(
      CHANNELS.notifications,
      {
        received: (message) => {
          const arrived = reportLinkOf(message);
          if (arrived) setLink(arrived);
        },
      },
      { user_id: userId },
    );
  }, [userId]);
  return [link, setLink];
}

/** "Export CSV" (spec: accounts §7 full_stats_reports): every download as a CSV, built in the background. */
export function StatsReport() {
  const { t } = useTranslation();
  const [link, setLink] = useStatsReportLink();
  const report = useMutation({ mutationFn: () => myContentApi.requestStatsReport(), onMutate: () => setLink(null) });
  return (
    <div className="stats-report" data-testid="stats-report">
      <Button variant="secondary" size="small" loading={report.isPending} onClick={() => report.mutate()} data-testid="stats-report-button">
        {t('myContent.exportCsv')}
      </Button>
      <div className="stats-report__status" aria-live="polite">
        {link ? (
          <p className="stats-report__ready">
            <span>{t('myContent.reportReady')}</span>
            <a className={buttonClass('primary', 'small')} href={link} download data-testid="stats-report-link">
              {t('myContent.reportLink')}
            </a>
          </p>
        ) : report.isSuccess ? (
          <p className="stats-report__queued" data-testid="stats-report-queued">
            {t('myContent.reportQueued')}
          </p>
        ) : null}
      </div>
      <FormErrors messages={report.error ? [errorText(report.error, translateIfExists)] : []} testId="stats-report-errors" />
    </div>
  );
}
