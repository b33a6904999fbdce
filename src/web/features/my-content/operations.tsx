import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import type { MyContentOperation } from '../../../common/downloads.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { MY_CONTENT_KEYS, myContentApi } from './api.ts';
import { LoadFailure } from './load-failure.tsx';
import { formatMoment } from './my-content-view.ts';
import { OperationComment } from './operation-comment.tsx';
import { Rendition } from './rendition.tsx';

/** An item's download history (spec: accounts §2 My content): each download, newest first, with its comment. */
export function Operations({ id, videoId }: { id: string; videoId: number }) {
  const { t } = useTranslation();
  const operations = useQuery({
    queryKey: MY_CONTENT_KEYS.operations(videoId),
    queryFn: ({ signal }) => myContentApi.operations(videoId, signal),
  });
  let body;
  if (operations.isError && !operations.data) body = <LoadFailure error={operations.error} onRetry={() => void operations.refetch()} />;
  else if (!operations.data) body = <LoadingFallback label={t('common.loading')} />;
  else
    body = (
      <ol className="operations__list">
        {operations.data.operations.map((operation) => (
          <OperationRow key={operation.id} operation={operation} videoId={videoId} />
        ))}
      </ol>
    );
  return (
    <div id={id} className="operations" data-testid="download-history">
      <h4 className="operations__title">{t('myContent.historyTitle')}</h4>
      {body}
    </div>
  );
}

function OperationRow({ operation, videoId }: { operation: MyContentOperation; videoId: number }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const { agreement } = operation;
  return (
    <li className="operation" data-testid="operation">
      <dl className="operation__facts">
        <div>
          <dt>{t('myContent.date')}</dt>
          <dd>
            <time dateTime={operation.created_at}>{formatMoment(operation.created_at, locale, timeZone)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('myContent.file')}</dt>
          <dd>
            <Rendition rendition={operation} />
          </dd>
        </div>
        <div>
          <dt>{t('myContent.licence')}</dt>
          <dd data-testid="operation-agreement">
            {agreement
              ? t('myContent.agreementNumbered', {
                  type: t(`myContent.agreement_${agreement.agreement_type}`, { defaultValue: agreement.agreement_type }),
                  id: agreement.id,
                })
              : t('myContent.free')}
            {agreement && operation.charged ? <span className="operation__charged">{t('myContent.charged')}</span> : null}
          </dd>
        </div>
      </dl>
      <OperationComment operation={operation} videoId={videoId} />
    </li>
  );
}
