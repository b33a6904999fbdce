import * as RadioGroup from '@radix-ui/react-radio-group';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { VideoProject } from '../../../common/catalogue.ts';
import { LINKS, matchRoute } from '../../../common/routes.ts';
import {
  CONTAINERS,
  QUALITY_LABELS,
  type Container,
  type LogoPosition,
  type Quality,
  type VideoFormat,
} from '../../../common/catalogue-values.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { signInHref, useSignedIn } from '../../lib/session.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { LogoExample } from '../../ui/logo-example.tsx';
import { DEFAULT_LOGO_POSITION, LOGO_POSITION_KEYS, offeredLogoPositions } from '../../ui/logo-positions.ts';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { downloadThroughFrame, transcodingEvents } from '../downloads/transcoding-events.ts';
import { catalogueApi } from './api.ts';
import {
  downloadState,
  FORMAT_KEYS,
  projectFormats,
  qualityRows,
  REASON_KEYS,
  type AvailableFormat,
  type DownloadState,
} from './video-download.ts';

/**
 * Choosing what to download (spec: content §2 "Video page"): the format, the logo position for
 * branded footage (six positions with examples), the files by quality and container, and the
 * restrictions tick box that downloading requires (spec: content §5), then the download itself or
 * the upload to the customer's FTP/SFTP server.
 */
export function DownloadPanel({ video }: { video: VideoProject }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const formatsLabel = useId();
  const logoLabel = useId();
  const offered = projectFormats(video.format);
  const [chosen, setChosen] = useState<VideoFormat | null>(null);
  const [logoPosition, setLogoPosition] = useState<LogoPosition>(DEFAULT_LOGO_POSITION);
  const formats = useQuery({
    queryKey: ['video-formats', video.id, signedIn],
    queryFn: ({ signal }) => catalogueApi.formats(video.id, signedIn, signal),
  });
  const format = chosen ?? offered[0] ?? null;
  const positions = offeredLogoPositions(formats.data?.logo_positions);

  return (
    <section className="download-panel" aria-labelledby={`${formatsLabel}-title`} data-testid="download-panel">
      <h2 className="video-box__title" id={`${formatsLabel}-title`}>
        {t('video.download.title')}
      </h2>

      {format ? (
        <>
          <p className="download-panel__label" id={formatsLabel}>
            {t('video.formats.label')}
          </p>
          <RadioGroup.Root
            className="choice-list"
            aria-labelledby={formatsLabel}
            value={format}
            onValueChange={(value) => setChosen(offered.find((candidate) => candidate === value) ?? null)}
          >
            {offered.map((option) => (
              <label key={option} className="choice">
                <RadioGroup.Item value={option} className="radio" data-testid={`format-${option}`}>
                  <RadioGroup.Indicator className="radio__dot" />
                </RadioGroup.Item>
                <span className="choice__text">
                  <span className="choice__name">{t(FORMAT_KEYS[option].name)}</span>
                  <span className="choice__hint">{t(FORMAT_KEYS[option].hint)}</span>
                </span>
              </label>
            ))}
          </RadioGroup.Root>
        </>
      ) : null}

      {format === 'branded' ? (
        <>
          <p className="download-panel__label" id={logoLabel}>
            {t('video.logo.label')}
          </p>
          {/* A logo position is a corner of the picture: the grid is never mirrored, even in Arabic. */}
          <RadioGroup.Root
            dir="ltr"
            className="logo-positions"
            aria-labelledby={logoLabel}
            value={logoPosition}
            onValueChange={(value) => setLogoPosition(positions.find((candidate) => candidate === value) ?? DEFAULT_LOGO_POSITION)}
            data-testid="logo-positions"
          >
            {positions.map((position) => (
              <RadioGroup.Item key={position} value={position} className="logo-option" data-testid={`logo-${position}`}>
                {/* The frame is a picture: drawn left to right whatever the page's direction. */}
                <LogoExample position={position} />
                <span className="logo-option__label" dir="auto">
                  {t(LOGO_POSITION_KEYS[position])}
                </span>
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </>
      ) : null}

      {format ? (
        <FileChoice
          video={video}
          format={format}
          logoPosition={logoPosition}
          signedIn={signedIn}
          formats={formats.data?.formats}
          error={formats.error}
        />
      ) : (
        <DownloadAction
          video={video}
          file={null}
          format="clean"
          logoPosition={logoPosition}
          state={{ kind: 'blocked', reason: 'no_files' }}
        />
      )}
    </section>
  );
}

type FileKey = { quality: Quality; container: Container };
const fileValue = (file: FileKey) => `${file.quality}:${file.container}`;

/**
 * The files by quality and container, as the choice of the one to download: an available file is
 * picked in its cell; a blocked one says why, except that a visitor reads "Log in to download" once
 * under the table rather than in every cell.
 */
function FileChoice(props: {
  video: VideoProject;
  format: VideoFormat;
  logoPosition: LogoPosition;
  signedIn: boolean;
  formats: AvailableFormat[] | undefined;
  error: Error | null;
}) {
  const { t } = useTranslation();
  const { formats, format, error } = props;
  const rows = formats ? qualityRows(formats, format) : [];
  const available = rows.flatMap((row) =>
    CONTAINERS.flatMap((container) => (row.files[container]?.available ? [{ quality: row.quality, container }] : [])),
  );
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = available.find((file) => fileValue(file) === picked) ?? available[0] ?? null;
  const state = downloadState(props.signedIn, formats, format);
  const onlySignIn = state.kind === 'sign_in';

  let table: ReactNode;
  if (error) table = <p className="download-panel__error">{errorText(error, translateIfExists)}</p>;
  else if (!formats) table = <p className="download-panel__pending">{t('common.loading')}</p>;
  else if (rows.length === 0) table = <p className="download-panel__pending">{t(REASON_KEYS.no_files)}</p>;
  else
    table = (
      <RadioGroup.Root
        value={chosen ? fileValue(chosen) : ''}
        onValueChange={setPicked}
        aria-label={t('video.quality.caption')}
        data-testid="file-choice"
      >
        <table className="quality-table" data-testid="quality-table">
          <caption className="visually-hidden">{t('video.quality.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('video.quality.quality')}</th>
              {CONTAINERS.map((container) => (
                <th key={container} scope="col">
                  {container.toUpperCase()}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.quality}>
                <th scope="row">{row.label}</th>
                {CONTAINERS.map((container) => {
                  const file = row.files[container];
                  if (!file || (onlySignIn && file.reason === 'login_required'))
                    return (
                      <td key={container} className="quality-table__none">
                        {t('video.quality.none')}
                      </td>
                    );
                  if (file.available) {
                    const value = fileValue({ quality: row.quality, container });
                    const label = t('download.fileLabel', { quality: row.label, container: container.toUpperCase() });
                    return (
                      <td key={container} className="quality-table__available">
                        <RadioGroup.Item
                          value={value}
                          className="file-option"
                          aria-label={label}
                          data-testid={`file-${row.quality}-${container}`}
                        >
                          <span className="radio" aria-hidden="true">
                            <RadioGroup.Indicator className="radio__dot" />
                          </span>
                          <span>{t('video.quality.available')}</span>
                        </RadioGroup.Item>
                      </td>
                    );
                  }
                  return (
                    <td key={container} className="quality-table__blocked">
                      {t(REASON_KEYS[file.reason ?? 'no_files'])}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </RadioGroup.Root>
    );

  return (
    <>
      {table}
      <DownloadAction video={props.video} file={chosen} format={format} logoPosition={props.logoPosition} state={state} />
    </>
  );
}

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

type Progress = { requestId: number; percent: number; state: 'preparing' | 'ready' | 'failed' };

/**
 * The restrictions tick box, the FTP/SFTP option and the button that says which file you get. A
 * file that exists downloads 100 ms after the success alert through a hidden frame; one being
 * prepared shows its progress here and downloads the same way when it is ready.
 */
function DownloadAction(props: {
  video: VideoProject;
  file: FileKey | null;
  format: VideoFormat;
  logoPosition: LogoPosition;
  state: DownloadState;
}) {
  const { video, file, format, state } = props;
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const reasonId = useId();
  const [agreed, setAgreed] = useState(false);
  const [agreementMissing, setAgreementMissing] = useState(false);
  const [toFtp, setToFtp] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);

  useEffect(
    () =>
      transcodingEvents.listen((message) => {
        setProgress((current) => {
          if (!current || message.request_id !== current.requestId) return current;
          if (message.type === 'progress') return { ...current, percent: message.percent };
          if (message.type === 'completed') {
            if (message.url) downloadThroughFrame(message.url);
            return { ...current, percent: 100, state: 'ready' };
          }
          if (message.type === 'failed') return { ...current, state: 'failed' };
          return current;
        });
      }),
    [],
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
      } else setProgress({ requestId: result.request_id, percent: 0, state: 'preparing' });
    },
  });

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
          {/* Spec (content §2): "Licence required" offers the one-off licence. */}
          {state.reason === 'licence_required' && matchRoute(LINKS.payment('video')) ? (
            <Link
              className={`${buttonClass('green')} download-panel__button`}
              to={`/${locale}${LINKS.payment('video')}?video_project_id=${video.id}`}
              data-testid="buy-licence"
            >
              {t('video.buyLicence')}
            </Link>
          ) : null}
        </>
      ) : (
        <Button
          className="download-panel__button"
          data-testid="download-button"
          loading={download.isPending}
          disabled={!file}
          onClick={() => {
            // Spec (content §5): downloading needs the restrictions ticked.
            setAgreementMissing(!agreed);
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
              <span>{t('download.preparing', { percent: progress.percent })}</span>
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
