import * as RadioGroup from '@radix-ui/react-radio-group';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { VideoProject } from '../../../common/catalogue.ts';
import { LINKS, matchRoute } from '../../../common/routes.ts';
import { CONTAINERS, type LogoPosition, type VideoFormat } from '../../../common/catalogue-values.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { signInHref, useSignedIn } from '../../lib/session.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { LogoExample } from '../../ui/logo-example.tsx';
import { DEFAULT_LOGO_POSITION, LOGO_POSITION_KEYS, offeredLogoPositions } from '../../ui/logo-positions.ts';
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
 * restrictions tick box that downloading requires (spec: content §5). Downloading itself, buying
 * and FTP upload come with the licensing feature; until then the button never pretends to download.
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

      {format ? <QualityTable formats={formats.data?.formats} format={format} error={formats.error} /> : null}

      <DownloadAction
        videoId={video.id}
        state={format ? downloadState(signedIn, formats.data?.formats, format) : { kind: 'blocked', reason: 'no_files' }}
      />
    </section>
  );
}

function QualityTable({ formats, format, error }: { formats: AvailableFormat[] | undefined; format: VideoFormat; error: Error | null }) {
  const { t } = useTranslation();
  if (error) return <p className="download-panel__error">{errorText(error, translateIfExists)}</p>;
  if (!formats) return <p className="download-panel__pending">{t('common.loading')}</p>;
  const rows = qualityRows(formats, format);
  if (rows.length === 0) return <p className="download-panel__pending">{t(REASON_KEYS.no_files)}</p>;
  return (
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
              if (!file)
                return (
                  <td key={container} className="quality-table__none">
                    {t('video.quality.none')}
                  </td>
                );
              if (file.available)
                return (
                  <td key={container} className="quality-table__available">
                    {t('video.quality.available')}
                  </td>
                );
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
  );
}

/** The restrictions tick box and the download button, whose look depends on who asks (DownloadState). */
function DownloadAction({ state, videoId }: { state: DownloadState; videoId: number }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const reasonId = useId();
  const [agreed, setAgreed] = useState(false);
  const [agreementMissing, setAgreementMissing] = useState(false);
  const [requested, setRequested] = useState(false);

  return (
    <div className="download-panel__action">
      <Checkbox
        checked={agreed}
        onCheckedChange={(checked) => {
          setAgreed(checked);
          if (checked) setAgreementMissing(false);
          else setRequested(false);
        }}
        label={t('video.download.agree')}
        testId="restrictions-agreement"
      />
      {agreementMissing ? (
        <p className="download-panel__error" role="alert" data-testid="agreement-error">
          {t('video.download.mustAgree')}
        </p>
      ) : null}
      {state.kind === 'sign_in' ? (
        <Link
          className={`${buttonClass()} download-panel__button`}
          to={signInHref(locale, location.pathname + location.search)}
          data-testid="download-sign-in"
        >
          {t('video.download.signIn')}
        </Link>
      ) : state.kind === 'checking' ? (
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
          {/* Spec (content §2): "Licence required" offers the one-off licence, once the payment page exists. */}
          {state.reason === 'licence_required' && matchRoute(LINKS.payment('video')) ? (
            <Link
              className={`${buttonClass('green')} download-panel__button`}
              to={`/${locale}${LINKS.payment('video')}?video_project_id=${videoId}`}
              data-testid="buy-licence"
            >
              {t('video.buyLicence')}
            </Link>
          ) : null}
        </>
      ) : (
        <>
          <Button
            className="download-panel__button"
            data-testid="download-button"
            onClick={() => {
              // Spec (content §5): downloading needs the restrictions ticked.
              setAgreementMissing(!agreed);
              setRequested(agreed);
            }}
          >
            {t('video.download.button')}
          </Button>
          {requested ? (
            <p className="download-panel__reason" role="status" data-testid="download-reason">
              {t('video.download.notYet')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
