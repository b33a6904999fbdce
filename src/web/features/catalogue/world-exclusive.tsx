import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { catalogueApi } from './api.ts';

/**
 * "Request world exclusive" (spec: content §1, §7): a signed-in customer asks for the video's
 * world-exclusive rights; the server keeps one request per customer and video, so asking twice is
 * harmless, and the sales desk takes it up.
 */
export function WorldExclusive({ videoId }: { videoId: number }) {
  const { t } = useTranslation();
  const request = useMutation({
    mutationFn: () => catalogueApi.requestWorldExclusive(videoId),
    onSuccess: () => notifications.notify({ type: 'success', children: t('download.worldExclusiveSent') }),
  });
  return (
    <div className="download-panel__exclusive">
      <p className="download-panel__hint">{t('download.worldExclusiveHint')}</p>
      <Button
        variant="secondary"
        className="download-panel__button"
        loading={request.isPending}
        disabled={request.isSuccess}
        onClick={() => request.mutate()}
        data-testid="world-exclusive"
      >
        {t(request.isSuccess ? 'download.worldExclusiveDone' : 'download.worldExclusive')}
      </Button>
      {request.error ? (
        <p className="download-panel__error" role="alert">
          {errorText(request.error, translateIfExists)}
        </p>
      ) : null}
    </div>
  );
}
