import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  CONTAINERS,
  LOGO_POSITIONS,
  QUALITIES,
  QUALITY_LABELS,
  VIDEO_FORMATS,
  type Container,
  type LogoPosition,
  type Quality,
  type VideoFormat,
} from '../../../common/catalogue-values.ts';
import type { basketDownloadResultSchema, BasketDownloadBody } from '../../../common/downloads.ts';
import { LINKS } from '../../../common/routes.ts';
import { errorText, type Answer } from '../../lib/api-client.ts';
import { api } from '../../lib/api.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField } from '../../ui/field.tsx';
import { LOGO_POSITION_KEYS } from '../../ui/logo-positions.ts';
import { useTranscodingMessages } from '../downloads/request-ends.ts';
import { FORMAT_KEYS } from '../catalogue/video-download.ts';
import { selection, type Picked } from './selection-store.ts';

type BasketAnswer = Answer<typeof basketDownloadResultSchema>;
/** One video's file in the basket's progress view. */
type Row = {
  video: Picked;
  state: 'preparing' | 'ready' | 'failed' | 'refused';
  percent: number;
  url: string | null;
  requestId: number | null;
  why: string | null;
};

const basketApi = {
  download: (body: BasketDownloadBody) => api.post<BasketAnswer>('/api/current_user/basket_downloads', { body }),
};

/**
 * Downloading the picked videos in one rendition (issue 28): the file (format, quality, container,
 * the logo's place), the restrictions of every video agreed to, then one progress view: each
 * video's file preparing, ready with its link, or refused and why (a limit, no licence, not in
 * that format). The files are in My content too.
 */
export function BasketDialog({ videos, onClose }: { videos: readonly Picked[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const [format, setFormat] = useState<VideoFormat>('clean');
  const [quality, setQuality] = useState<Quality>('hd');
  const [container, setContainer] = useState<Container>('mp4');
  const [position, setPosition] = useState<LogoPosition>('bottom_right');
  const [agreed, setAgreed] = useState(false);
  const [mustAgree, setMustAgree] = useState(false);
  const [rows, setRows] = useState<Row[] | null>(null);

  const waiting = rows?.flatMap((row) => (row.state === 'preparing' && row.requestId !== null ? [row.requestId] : [])) ?? [];
  useTranscodingMessages(waiting, (message) =>
    setRows(
      (current) =>
        current?.map((row) => {
          if (row.requestId !== message.request_id || row.state !== 'preparing') return row;
          if (message.type === 'progress') return { ...row, percent: message.percent };
          if (message.type === 'completed') return { ...row, state: 'ready', percent: 100, url: message.url ?? row.url };
          if (message.type === 'failed') return { ...row, state: 'failed' };
          return row;
        }) ?? null,
    ),
  );

  const download = useMutation({
    mutationFn: () =>
      basketApi.download({
        video_project_ids: videos.map((video) => video.id),
        video_format: format,
        quality,
        file_type: container,
        brand_position: position,
        restrictions_accepted: true,
      }),
    onSuccess: (answer) => {
      setRows(
        answer.items.map((item) => {
          const video = videos.find((candidate) => candidate.id === item.video_project_id) ?? { id: item.video_project_id, title: '' };
          if (!item.result) {
            const why = translateIfExists(`errors.${item.error?.code ?? 'generic'}`) ?? item.error?.message ?? null;
            return { video, state: 'refused', percent: 0, url: null, requestId: null, why };
          }
          const ready = item.result.exist && item.result.url !== null;
          return {
            video,
            state: ready ? 'ready' : 'preparing',
            percent: ready ? 100 : 0,
            url: item.result.url,
            requestId: item.result.request_id,
            why: null,
          };
        }),
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMustAgree(!agreed);
    if (agreed) download.mutate();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (open) return;
        // Once asked for, the pick is done with: closing the progress view clears it.
        if (rows) selection.clear();
        onClose();
      }}
      title={t('download.basket.title', { count: rows?.length ?? videos.length })}
      size="medium"
      testId="basket-dialog"
    >
      {rows ? (
        <div className="basket" data-testid="basket-progress">
          <ul className="basket__rows">
            {rows.map((row) => (
              <li key={row.video.id} className="basket__row" data-testid="basket-row" data-state={row.state}>
                <span className="basket__title" dir="auto">
                  {row.video.title}
                </span>
                {row.state === 'preparing' ? (
                  <span className="basket__state">
                    {t('download.preparing', { percent: row.percent })}
                    <progress max={100} value={row.percent} />
                  </span>
                ) : row.state === 'ready' && row.url ? (
                  <a className="basket__state" href={row.url} download data-testid="basket-file">
                    {t('download.basket.fetch')}
                  </a>
                ) : (
                  <span className="basket__state basket__state--refused" data-testid="basket-why">
                    {row.state === 'failed' ? t('download.failedNow') : row.why}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p className="basket__note">
            {t('download.basket.inMyContent')}{' '}
            <Link to={`/${locale}${LINKS.myContent}`} onClick={onClose}>
              {t('download.myContent')}
            </Link>
          </p>
        </div>
      ) : (
        <form className="form basket__form" onSubmit={submit} noValidate data-testid="basket-form">
          <SelectField
            label={t('video.formats.label')}
            value={format}
            options={VIDEO_FORMATS.map((value) => ({ value, label: t(FORMAT_KEYS[value].name) }))}
            onChange={(event) => setFormat(event.target.value as VideoFormat)}
            data-testid="basket-format"
          />
          <div className="form__row">
            <SelectField
              label={t('video.quality.quality')}
              value={quality}
              options={QUALITIES.map((value) => ({ value, label: QUALITY_LABELS[value] }))}
              onChange={(event) => setQuality(event.target.value as Quality)}
              data-testid="basket-quality"
            />
            <SelectField
              label={t('download.basket.container')}
              value={container}
              options={CONTAINERS.map((value) => ({ value, label: value.toUpperCase() }))}
              onChange={(event) => setContainer(event.target.value as Container)}
              data-testid="basket-container"
            />
          </div>
          {format === 'branded' ? (
            <SelectField
              label={t('video.logo.label')}
              value={position}
              options={LOGO_POSITIONS.map((value) => ({ value, label: t(LOGO_POSITION_KEYS[value]) }))}
              onChange={(event) => setPosition(event.target.value as LogoPosition)}
              data-testid="basket-logo-position"
            />
          ) : null}
          <Checkbox
            checked={agreed}
            onCheckedChange={(checked) => {
              setAgreed(checked);
              if (checked) setMustAgree(false);
            }}
            label={t('download.basket.agree', { count: videos.length })}
            testId="basket-agree"
          />
          {mustAgree ? (
            <p className="field__error" role="alert" data-testid="basket-must-agree">
              {t('video.download.mustAgree')}
            </p>
          ) : null}
          {download.error ? (
            <p className="field__error" role="alert">
              {errorText(download.error, translateIfExists)}
            </p>
          ) : null}
          <p className="basket__note">{t('download.basket.eachCharged')}</p>
          <div className="form__actions">
            <Button type="submit" loading={download.isPending} data-testid="basket-submit">
              {t('download.basket.submit', { count: videos.length })}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
