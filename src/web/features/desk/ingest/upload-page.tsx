import { useEffect, useMemo, useState, useSyncExternalStore, type DragEvent } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { INGEST_STAGES } from '../../../../common/newsroom-ingest.ts';
import { Button } from '../../../ui/button.tsx';
import { useIngestChannel, useIngestItem } from './ingest-api.ts';
import { UploadQueue, type PreviousUpload, type UploadEntry } from './upload-queue.ts';
import './ingest.css';

const MEGABYTE = 1024 * 1024;

function useBytes() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    return (bytes: number) => format.format(bytes / MEGABYTE);
  }, [i18n.language]);
}

/**
 * /{locale}/desk/uploads (editor role): masters sent from the browser with resumable uploads. Several
 * files at once, each with its progress, speed, pause and resume; a dropped connection or a reload
 * goes on where it stopped (pick the same file again); each finished upload names its story and
 * shows its ingest stage live.
 */
export function UploadPage() {
  const { t } = useTranslation();
  const [queue] = useState(() => new UploadQueue());
  const entries = useSyncExternalStore(queue.subscribe, queue.snapshot);
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  useIngestChannel();
  useEffect(() => {
    void UploadQueue.unfinished().then(setUnfinished);
    return () => queue.stopAll();
  }, [queue]);

  const take = (files: FileList | null) => {
    if (files?.length) queue.add([...files]);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };
  const pending = unfinished.filter((previous) => !entries.some((entry) => entry.name === previous.metadata.filename));

  return (
    <section className="desk-ingest" data-testid="desk-ingest">
      <h1>{t('deskIngest.title')}</h1>
      <p className="desk__lead">{t('deskIngest.lead')}</p>
      <label
        className={`desk-ingest__drop${dragging ? ' desk-ingest__drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span className="desk-ingest__drop-text">{t('deskIngest.drop')}</span>
        <span className="desk-ingest__drop-pick">{t('deskIngest.pick')}</span>
        <input
          type="file"
          multiple
          accept="video/*,.mxf,.mts,.mkv"
          className="desk-ingest__input"
          data-testid="ingest-files"
          onChange={(event) => {
            take(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </label>
      {pending.length > 0 && (
        <div className="desk-ingest__unfinished" role="note" data-testid="ingest-unfinished">
          <p>{t('deskIngest.unfinished', { count: pending.length })}</p>
          <ul>
            {pending.map((previous) => (
              <li key={previous.urlStorageKey}>{previous.metadata.filename}</li>
            ))}
          </ul>
        </div>
      )}
      {entries.length > 0 && (
        <ul className="desk-ingest__list" aria-label={t('deskIngest.listLabel')}>
          {entries.map((entry) => (
            <UploadRow key={entry.key} entry={entry} onPause={() => queue.pause(entry.key)} onResume={() => queue.resume(entry.key)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function UploadRow({ entry, onPause, onResume }: { entry: UploadEntry; onPause: () => void; onResume: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const mb = useBytes();
  const percent = entry.size > 0 ? Math.floor((entry.sent / entry.size) * 100) : 100;
  return (
    <li className="desk-ingest__row" data-testid="ingest-row" data-status={entry.status}>
      <div className="desk-ingest__head">
        <strong className="desk-ingest__name">{entry.name}</strong>
        <span className="desk-ingest__status" data-testid="ingest-status">
          {t(`deskIngest.status.${entry.status}`)}
          {entry.resumed && entry.status !== 'done' ? ` · ${t('deskIngest.resumed')}` : ''}
        </span>
      </div>
      <progress className="desk-ingest__bar" max={100} value={percent} aria-label={t('deskIngest.progressOf', { name: entry.name })} />
      <div className="desk-ingest__figures">
        <span data-testid="ingest-percent">{t('deskIngest.percent', { percent })}</span>
        <span>{t('deskIngest.bytes', { sent: mb(entry.sent), total: mb(entry.size) })}</span>
        {entry.speed !== null && entry.status === 'uploading' && (
          <span data-testid="ingest-speed">{t('deskIngest.speed', { speed: mb(entry.speed) })}</span>
        )}
        {entry.status === 'uploading' && (
          <Button size="small" variant="secondary" onClick={onPause} data-testid="ingest-pause">
            {t('deskIngest.pause')}
          </Button>
        )}
        {(entry.status === 'paused' || entry.status === 'error') && (
          <Button size="small" variant="secondary" onClick={onResume} data-testid="ingest-resume">
            {t(entry.status === 'error' ? 'deskIngest.retry' : 'deskIngest.resume')}
          </Button>
        )}
      </div>
      {entry.error && <p className="desk-ingest__error">{t('deskIngest.uploadError', { message: entry.error })}</p>}
      {entry.itemId !== null && (
        <p className="desk-ingest__item">
          <Link to={`/${locale}/desk/content/${entry.itemId}`} data-testid="ingest-item-link">
            {t('deskIngest.item', { id: entry.itemId })}
          </Link>
          {entry.status === 'done' && <IngestStage itemId={entry.itemId} />}
        </p>
      )}
    </li>
  );
}

/** The ingest stage of a finished upload's story, live from the desk's channel. */
function IngestStage({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const item = useIngestItem(itemId).data;
  if (!item) return null;
  const stage = item.media_stage && (INGEST_STAGES as readonly string[]).includes(item.media_stage) ? item.media_stage : null;
  return (
    <span className="desk-ingest__stage" data-testid="ingest-stage" data-state={item.media_state} aria-live="polite">
      {t(`deskIngest.mediaState.${item.media_state}`)}
      {stage && item.media_state !== 'ready' && item.media_state !== 'failed'
        ? ` · ${t(`deskIngest.stage.${stage}`)} ${t('deskIngest.percent', { percent: item.media_progress })}`
        : ''}
      {item.media_state === 'failed' && (
        <span className="desk-ingest__error" data-testid="ingest-refusal">
          {' '}
          {t(`deskIngest.refusal.${item.media_error_code ?? 'processing_failed'}`)}
        </span>
      )}
      {item.media_state === 'ready' && item.probe && (
        <span className="desk-ingest__probe">
          {' '}
          {t('deskIngest.probe', {
            width: item.probe.width,
            height: item.probe.height,
            rate: item.probe.frame_rate,
            codec: item.probe.video_codec,
            seconds: Math.round(item.probe.duration_seconds),
          })}
        </span>
      )}
    </span>
  );
}
