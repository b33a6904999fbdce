import { Link, useParams } from 'react-router';
import type { AvailableFormat, DownloadUsage } from '../../../common/catalogue.ts';
import { LINKS, matchRoute } from '../../../common/routes.ts';
import { formatNumber } from '../../lib/money.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { useTranslation } from '../../lib/translation.ts';
import { buttonClass } from '../../ui/button.tsx';
import { formatSize, timeLeft } from './video-download.ts';

/**
 * What a download takes, said before the click (issue 28): nothing (free material, the video's own
 * licence, a repeat) or one item of a named agreement's balance, the day's downloads left, and a
 * member's monthly limit.
 */
export function DownloadUsageNote({ usage }: { usage: DownloadUsage }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const agreement = usage.agreement ? t(`planDetails.types.${usage.agreement.agreement_type}`) : '';
  const kind = usage.agreement ? t(`planDetails.kinds.${usage.agreement.kind}`) : '';
  let charge: string | null = null;
  if (usage.charge === 'free') charge = t('download.usage.free');
  else if (usage.charge === 'licensed') charge = t('download.usage.licensed');
  else if (usage.charge === 'repeat') charge = t('download.usage.repeat', { agreement });
  else if (usage.charge === 'balance' && usage.agreement)
    charge =
      usage.agreement.remaining === null
        ? t('download.usage.balanceNoLimit', { agreement, kind })
        : t('download.usage.balance', { remaining: formatNumber(usage.agreement.remaining, locale), kind, agreement });
  const left = Math.max(0, usage.daily.limit - usage.daily.used);
  return (
    <div className="download-usage" data-testid="download-usage" data-charge={usage.charge}>
      <p className="download-usage__title">{t('download.usage.title')}</p>
      <ul className="download-usage__list">
        {charge ? <li data-testid="usage-charge">{charge}</li> : null}
        <li data-testid="usage-daily">
          {t('download.usage.daily', { left: formatNumber(left, locale), limit: formatNumber(usage.daily.limit, locale) })}
        </li>
        {usage.member_limit ? (
          <li data-testid="usage-member">
            {t('download.usage.member', {
              used: formatNumber(usage.member_limit.used, locale),
              limit: formatNumber(usage.member_limit.limit, locale),
            })}
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** What to do about a block: the link that does it, whom to ask, or until when to wait. */
export function DownloadRemedy({
  remedy,
  usage,
  videoId,
}: {
  remedy: NonNullable<AvailableFormat['remedy']>;
  usage: DownloadUsage | null;
  videoId: number;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  switch (remedy) {
    case 'buy_licence':
      // Spec (content §2): "Licence required" offers the one-off licence.
      return matchRoute(LINKS.payment('video')) ? (
        <Link
          className={`${buttonClass('green')} download-panel__button`}
          to={`/${locale}${LINKS.payment('video')}?video_project_id=${videoId}`}
          data-testid="buy-licence"
        >
          {t('video.buyLicence')}
        </Link>
      ) : null;
    case 'see_plans':
      return (
        <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.plans}`} data-testid="remedy-see-plans">
          {t('download.remedy.see_plans')}
        </Link>
      );
    case 'top_up':
      return usage?.agreement && matchRoute(LINKS.payment('top-up')) ? (
        <Link
          className={buttonClass('green')}
          to={`/${locale}${LINKS.payment('top-up')}?agreement_id=${usage.agreement.id}&kind=${usage.agreement.kind}`}
          data-testid="remedy-top-up"
        >
          {t('download.remedy.top_up')}
        </Link>
      ) : (
        <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.planDetails}`} data-testid="remedy-top-up">
          {t('download.remedy.top_up')}
        </Link>
      );
    case 'ask_master':
      return usage?.master ? (
        <p className="download-panel__remedy" data-testid="remedy-ask-master">
          {t('download.remedy.ask_master', { name: usage.master.name })}{' '}
          <a href={`mailto:${usage.master.email}`} dir="ltr">
            {usage.master.email}
          </a>
        </p>
      ) : null;
    case 'upload_logo':
      return (
        <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.profile}#logo`} data-testid="remedy-upload-logo">
          {t('download.logoLink')}
        </Link>
      );
    case 'wait': {
      if (!usage?.available_at) return null;
      const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(usage.available_at),
      );
      return (
        <p className="download-panel__remedy" data-testid="remedy-wait">
          {t('download.remedy.wait', { time })}
        </p>
      );
    }
    case 'sign_in':
      return null;
  }
}

/** A file's size and, when it is made first, about how long that takes. */
export function FileFacts({ file }: { file: AvailableFormat }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const size = file.size_bytes === null ? null : formatSize(file.size_bytes, locale);
  const prepare = !file.ready && file.render_seconds !== null ? timeLeft(file.render_seconds) : null;
  return (
    <span className="file-facts">
      {size ? (
        <span data-testid="file-size" data-estimated={file.size_estimated}>
          {/* The figure and its unit read left to right as one, isolated in a right-to-left sentence. */}
          {t(file.size_estimated ? 'download.sizeAbout' : 'download.size', { size: `\u2066${size.value} ${size.unit}\u2069` })}
        </span>
      ) : null}
      {prepare ? <span data-testid="file-prepare">{t(`download.prepareFirst.${prepare.unit}`, { count: prepare.count })}</span> : null}
    </span>
  );
}
