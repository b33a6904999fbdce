import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { VideoRequest, VideoRequestList } from '../../../common/downloads.ts';
import { LINKS } from '../../../common/routes.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { MY_CONTENT_KEY, REQUESTED_FILES_KEY, REQUESTS_REFRESH_MS, myContentApi } from './api.ts';
import { LoadFailure } from './load-failure.tsx';
import { isWaiting } from '../downloads/request-watch.ts';
import { downloadLink, formatMoment, formatPercent } from './my-content-view.ts';
import { Rendition } from './rendition.tsx';

/**
 * The requested files (spec: accounts §4 "Video request", content §4 "Requested videos"): each
 * file's stage, the render's progress, its link once ready and its FTP/SFTP upload. A waiting file
 * can be cancelled, a finished one cleared. Fetched again every 60 s while shown; the transcoding
 * channel (requested-files-live.ts) refreshes it at once.
 */
export function RequestedFiles() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const files = useQuery({
    queryKey: REQUESTED_FILES_KEY,
    queryFn: ({ signal }) => myContentApi.requestedFiles(signal),
    refetchInterval: REQUESTS_REFRESH_MS,
  });
  const remove = useMutation({
    mutationFn: (id: number) => myContentApi.removeRequestedFile(id),
    onSuccess: async (_, id) => {
      client.setQueryData<VideoRequestList>(REQUESTED_FILES_KEY, (held) =>
        held ? { video_requests: held.video_requests.filter((request) => request.id !== id) } : held,
      );
      // A cancelled file is no longer a downloaded item either.
      await client.invalidateQueries({ queryKey: MY_CONTENT_KEY });
    },
  });

  let body;
  if (files.isError && !files.data) body = <LoadFailure error={files.error} onRetry={() => void files.refetch()} />;
  else if (!files.data) body = <LoadingFallback label={t('common.loading')} />;
  else if (files.data.video_requests.length === 0)
    body = (
      <p className="my-content__empty" data-testid="requested-files-empty">
        {t('myContent.requestedEmpty')}
      </p>
    );
  else
    body = (
      <ul className="requested-files">
        {files.data.video_requests.map((request) => (
          <RequestedFile
            key={request.id}
            request={request}
            removing={remove.isPending && remove.variables === request.id}
            onRemove={() => remove.mutate(request.id)}
          />
        ))}
      </ul>
    );

  return (
    <section className="my-content__section" aria-labelledby="requested-files-title" data-testid="requested-files">
      <h2 id="requested-files-title">{t('myContent.requestedTitle')}</h2>
      {body}
      <FormErrors messages={remove.error ? [errorText(remove.error, translateIfExists)] : []} testId="requested-file-errors" />
    </section>
  );
}

function RequestedFile({ request, removing, onRemove }: { request: VideoRequest; removing: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const link = downloadLink(request);
  const waiting = isWaiting(request.stage);
  const titleId = `requested-file-${request.id}`;
  const stage = request.withdrawn
    ? t('myContent.withdrawn')
    : request.stage === 'transcoding'
      ? t('myContent.stage_transcoding', { percent: formatPercent(request.progress, locale) })
      : t(`myContent.stage_${request.stage}`);
  return (
    <li className="requested-file" data-testid="requested-file" data-stage={request.stage}>
      <div className="requested-file__about">
        <Link id={titleId} className="requested-file__title" to={`/${locale}${LINKS.video(request.project_slug)}`} dir="auto">
          {request.title}
        </Link>
        <p className="requested-file__meta">
          <Rendition rendition={request} />
          <time dateTime={request.created_at}>{formatMoment(request.created_at, locale, timeZone)}</time>
        </p>
      </div>

      <div className="requested-file__state">
        <span className="requested-file__stage" data-testid="requested-file-stage">
          {stage}
        </span>
        {request.stage === 'transcoding' ? (
          <div
            className="requested-file__progress"
            role="progressbar"
            aria-label={t('myContent.progressLabel', { title: request.title })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={request.progress}
            aria-valuetext={formatPercent(request.progress, locale)}
          >
            <span className="requested-file__progress-fill" style={{ inlineSize: `${request.progress}%` }} />
          </div>
        ) : null}
        {request.stage === 'failed' ? <p className="requested-file__note">{t('myContent.failedNote')}</p> : null}
        {request.withdrawn ? (
          <p className="requested-file__note" data-testid="requested-file-withdrawn">
            {t('myContent.contentState.killedText')}
          </p>
        ) : null}
        {request.delivery ? (
          <p className="requested-file__delivery" data-testid="requested-file-delivery" data-delivery={request.delivery}>
            {t(`myContent.delivery_${request.delivery}`)}
            {request.delivery === 'failed' && request.delivery_error ? (
              <span className="requested-file__delivery-error" dir="auto">
                {request.delivery_error}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>

      <div className="requested-file__actions">
        {link ? (
          <a
            className={buttonClass('primary', 'small')}
            href={link}
            download
            aria-describedby={titleId}
            data-testid="requested-file-download"
          >
            {t('myContent.download')}
          </a>
        ) : null}
        <Button
          variant="ghost"
          size="small"
          loading={removing}
          onClick={onRemove}
          aria-describedby={titleId}
          data-testid={waiting ? 'requested-file-cancel' : 'requested-file-clear'}
        >
          {t(waiting ? 'myContent.cancel' : 'myContent.clear')}
        </Button>
      </div>
    </li>
  );
}
