import * as RadioGroup from '@radix-ui/react-radio-group';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import type { VideoProject } from '../../../common/catalogue.ts';
import type { LogoPosition, VideoFormat } from '../../../common/catalogue-values.ts';
import { useSignedIn } from '../../lib/session.ts';
import { useSite } from '../../lib/site.ts';
import { LogoExample } from '../../ui/logo-example.tsx';
import { DEFAULT_LOGO_POSITION, LOGO_POSITION_KEYS, offeredLogoPositions } from '../../ui/logo-positions.ts';
import { formatsQuery } from './video-queries.ts';
import { DownloadAction } from './download-action.tsx';
import { FileChoice } from './file-choice.tsx';
import { WorldExclusive } from './world-exclusive.tsx';
import { FORMAT_KEYS, projectFormats } from './video-download.ts';
import { RadioDot } from '../../ui/radio-dot.tsx';

/**
 * Choosing what to download (spec: content §2 "Video page"): the format, the logo position for
 * branded footage (six positions with examples), the files by quality and container, and the
 * restrictions tick box that downloading requires (spec: content §5), then the download itself or
 * the upload to the customer's FTP/SFTP server.
 */
export function DownloadPanel({ video }: { video: VideoProject }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const { variant } = useSite();
  const formatsLabel = useId();
  const logoLabel = useId();
  const offered = projectFormats(video.format);
  const [chosen, setChosen] = useState<VideoFormat | null>(null);
  const [logoPosition, setLogoPosition] = useState<LogoPosition>(DEFAULT_LOGO_POSITION);
  const formats = useQuery({ ...formatsQuery(video.id, signedIn, logoPosition), placeholderData: (previous) => previous });
  const format = chosen ?? offered[0] ?? null;
  const positions = offeredLogoPositions(formats.data?.logo_positions);

  return (
    <section className="download-panel" aria-labelledby={`${formatsLabel}-title`} data-testid="download-panel">
      <h2 className="video-box__title" id={`${formatsLabel}-title`}>
        {t('video.download.title')}
      </h2>
      {/* The landing site's download: 1080p, MP4 or MXF (the server offers and accepts no other). */}
      {variant === 'landing' ? (
        <p className="download-panel__note" data-testid="landing-download">
          {t('video.download.landing')}
        </p>
      ) : null}

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
                  <RadioDot />
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
          usage={formats.data?.usage ?? null}
          error={formats.error}
        />
      ) : (
        <DownloadAction
          video={video}
          file={null}
          format="clean"
          logoPosition={logoPosition}
          state={{ kind: 'blocked', reason: 'no_files', remedy: null }}
          usage={null}
          renderSeconds={null}
        />
      )}
      {signedIn ? <WorldExclusive videoId={video.id} /> : null}
    </section>
  );
}
