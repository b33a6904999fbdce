import * as RadioGroup from '@radix-ui/react-radio-group';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import type { DownloadUsage, VideoProject } from '../../../common/catalogue.ts';
import { CONTAINERS, type LogoPosition, type VideoFormat } from '../../../common/catalogue-values.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { DownloadAction, type FileKey } from './download-action.tsx';
import { FileFacts } from './download-usage.tsx';
import { downloadState, qualityRows, REASON_KEYS, type AvailableFormat } from './video-download.ts';
import { RadioDot } from '../../ui/radio-dot.tsx';

const fileValue = (file: FileKey) => `${file.quality}:${file.container}`;

/**
 * The files by quality and container, as the choice of the one to download: an available file is
 * picked in its cell; a blocked one says why, except that a visitor reads "Log in to download" once
 * under the table rather than in every cell. Each says its size and whether it is made first
 * (issue 28: the panel tells the truth before the click).
 */
export function FileChoice(props: {
  video: VideoProject;
  format: VideoFormat;
  logoPosition: LogoPosition;
  signedIn: boolean;
  formats: AvailableFormat[] | undefined;
  usage: DownloadUsage | null;
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
  const chosenFile = chosen ? rows.find((row) => row.quality === chosen.quality)?.files[chosen.container] : null;
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
                            <RadioDot />
                          </span>
                          <span className="file-option__text">
                            <span>{t('video.quality.available')}</span>
                            <FileFacts file={file} />
                          </span>
                        </RadioGroup.Item>
                      </td>
                    );
                  }
                  return (
                    <td key={container} className="quality-table__blocked" data-testid={`file-${row.quality}-${container}-blocked`}>
                      <span className="file-option__text">
                        <span>{t(REASON_KEYS[file.reason ?? 'no_files'])}</span>
                        <FileFacts file={file} />
                      </span>
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
      <DownloadAction
        video={props.video}
        file={chosen}
        format={format}
        logoPosition={props.logoPosition}
        state={state}
        usage={props.usage}
        renderSeconds={chosenFile && !chosenFile.ready ? chosenFile.render_seconds : null}
      />
    </>
  );
}
