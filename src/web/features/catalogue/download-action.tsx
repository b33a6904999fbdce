import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useLocation, useParams } from 'react-router';
import type { DownloadUsage, VideoProject } from '../../../common/catalogue.ts';
import { QUALITY_LABELS, type Container, type LogoPosition, type Quality, type VideoFormat } from '../../../common/catalogue-values.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { signInHref } from '../../lib/session.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { useTranscodingMessages } from '../downloads/request-ends.ts';
import { downloadThroughFrame } from '../downloads/transcoding-events.ts';
import { catalogueApi } from './api.ts';
import { DownloadRemedy, DownloadUsageNote } from './download-usage.tsx';
import { REASON_KEYS, secondsLeft, timeLeft, type DownloadState } from './video-download.ts';

export type FileKey = { quality: Quality; container: Container };

const BUTTON_KEYS: Record<VideoFormat, string> = {
  clean: 'download.button',
  branded: 'download.buttonBranded',
  credit: 'download.buttonCredit',
};

/** The spec's success alerts (content §4 "Purchase success"): which one, and for how long. */
function successAlert(video: VideoProject, format: VideoFormat, exists: boolean): { lines: string[]; timeout: number } {
  const branded = format === 'branded';
  const timeout = branded && !exists ? 15_000 : 5_000;
  if (video.free_access)
    return { lines: branded ? ['download.successFreeBranded'] : ['download.successFree', 'download.successFreeSecond'], timeout };
  return { lines: [branded ? 'download.successPaidBranded' : 'download.successOneOff'], timeout };
}

type Progress = {
  requestId: number;
  percent: number;
  state: 'preparing' | 'ready' | 'failed';
  startedAt: number;
  /** The server's estimate of the whole preparation, in seconds. */
  estimate: number | null;
};

/**
 * The restrictions tick box, the FTP/SFTP option and the button that says which file you get. A
 * file that exists downloads 100 ms after the success alert through a hidden frame; one being
 * prepared shows its progress here and downloads the same way when it is ready.
 */
export function DownloadAction(props: {
  video: VideoProject;
  file: FileKey | null;
  format: VideoFormat;
  logoPosition: LogoPosition;
  state: DownloadState;
  /** What a download takes from the caller (null for a visitor). */
  usage: DownloadUsage | null;
  /** About how long the chosen file takes to prepare; null when it exists. */
  renderSeconds: number | null;
}) {
  const { video, file, format, state, usage } = props;
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const reasonId = useId();
  const [agreed, setAgreed] = useState(false);
  const [agreementMissing, setAgreementMissing] = useState(false);
  const [toFtp, setToFtp] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);

  useTranscodingMessages(progress?.state === 'preparing' ? [progress.requestId] : [], (message) =>
    setProgress((current) => {
      if (!current || message.request_id !== current.requestId || current.state !== 'preparing') return current;
      if (message.type === 'progress') return { ...current, percent: message.percent };
      if (message.type === 'completed') {
        if (message.url) downloadThroughFrame(message.url);
        return { ...current, percent: 100, state: 'ready' };
      }
      if (message.type === 'failed') return { ...current, state: 'failed' };
      return current;
    }),
  );

  const download = useMutation({
    mutationFn: (chosen: FileKey) =>
      catalogueApi.download(video.id, {
        quality: chosen.quality,
        file_type: chosen.container,
        video_format: format,
        brand_position: props.logoPosition,
        restrictions_accepted: true,
        upload_to_ftp: toFtp,
      }),
    onSuccess: (result) => {
      const alert = successAlert(video, format, result.exist);
      notifications.notify({ type: 'success', children: alert.lines.map((key) => t(key)).join('\n'), timeout: alert.timeout });
      if (result.exist && result.url) {
        const url = result.url;
        setTimeout(() => downloadThroughFrame(url), 100);
      } else
        setProgress({ requestId: result.request_id, percent: 0, state: 'preparing', startedAt: Date.now(), estimate: props.renderSeconds });
    },
  });
  // The button is disabled while the request is out, which drops the keyboard's focus: it gets it back.
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const button = returnFocus.current;
    if (download.isPending || !button) return;
    returnFocus.current = null;
    if (button.isConnected && document.activeElement === document.body) button.focus();
  }, [download.isPending]);

  const label = file
    ? t(BUTTON_KEYS[format], {
        file: t('download.fileLabel', { quality: QUALITY_LABELS[file.quality], container: file.container.toUpperCase() }),
      })
    : t('video.download.button');

  if (state.kind === 'sign_in')
    return (
      <div className="download-panel__action">
        <Link
          className={`${buttonClass()} download-panel__button`}
          to={signInHref(locale, location.pathname + location.search)}
          data-testid="download-sign-in"
        >
          {t('download.signInOnce')}
        </Link>
      </div>
    );

  return (
    <div className="download-panel__action">
      <Checkbox
        checked={agreed}
        onCheckedChange={(checked) => {
          setAgreed(checked);
          if (checked) setAgreementMissing(false);
        }}
        label={t('video.download.agree')}
        testId="restrictions-agreement"
      />
      {state.kind === 'ready' && usage ? <DownloadUsageNote usage={usage} /> : null}
      {state.kind === 'ready' ? (
        <Checkbox checked={toFtp} onCheckedChange={setToFtp} label={t('download.ftp')} testId="upload-to-ftp" />
      ) : null}
      {toFtp ? <p className="download-panel__hint">{t('download.ftpHint')}</p> : null}
      {agreementMissing ? (
        <p className="download-panel__error" role="alert" data-testid="agreement-error">
          {t('video.download.mustAgree')}
        </p>
      ) : null}
      {state.kind === 'checking' ? (
        <Button className="download-panel__button" loading data-testid="download-button">
          {t('video.download.button')}
        </Button>
      ) : state.kind === 'blocked' ? (
        <>
          <Button className="download-panel__button" disabled aria-describedby={reasonId} data-testid="download-button">
            {t('video.download.button')}
          </Button>
          <p id={reasonId} className="download-panel__reason" data-testid="download-reason">
            {t(REASON_KEYS[state.reason])}
          </p>
          {state.remedy ? <DownloadRemedy remedy={state.remedy} usage={usage} videoId={video.id} /> : null}
        </>
      ) : (
        <Button
          className="download-panel__button"
          data-testid="download-button"
          loading={download.isPending}
          disabled={!file}
          onClick={(event) => {
            // Spec (content §5): downloading needs the restrictions ticked.
            setAgreementMissing(!agreed);
            returnFocus.current = event.currentTarget;
            if (agreed && file) download.mutate(file);
          }}
        >
          {file ? label : t('download.choose')}
        </Button>
      )}
      {download.error ? (
        <p className="download-panel__error" role="alert" data-testid="download-error">
          {errorText(download.error, translateIfExists)}
          {download.error instanceof ApiError && download.error.errors.some((item) => item.code === 'logo_required') ? (
            <>
              {' '}
              <Link to={`/${locale}${LINKS.profile}#logo`}>{t('download.logoLink')}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {progress ? (
        <div className="download-panel__progress" role="status" data-testid="download-progress" data-state={progress.state}>
          {progress.state === 'preparing' ? (
            <>
              <span>{t('download.preparing', { percent: progress.percent })}</span> <TimeLeft progress={progress} />
              <progress max={100} value={progress.percent} />
            </>
          ) : (
            <span>{t(progress.state === 'ready' ? 'download.readyNow' : 'download.failedNow')}</span>
          )}{' '}
          <Link to={`/${locale}${LINKS.myContent}`}>{t('download.myContent')}</Link>
        </div>
      ) : null}
    </div>
  );
}

/** "About 3 minutes left", counted again every few seconds while the file is prepared. */
function TimeLeft({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = secondsLeft(progress, now);
  if (seconds === null) return null;
  const left = timeLeft(seconds);
  return <span data-testid="download-time-left">{t(`download.left.${left.unit}`, { count: left.count })}</span>;
}
