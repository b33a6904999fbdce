import { useTranslation } from '../../lib/translation.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { DownloadedItems } from './downloaded-items.tsx';
import { RequestedFiles } from './requested-files.tsx';
import { useRequestedFilesLive } from './requested-files-live.ts';
import './my-content.css';

/**
 * /{locale}/user/my-content (spec: accounts §2 My content, §4 "Video request", §7; content §4
 * "Requested videos"): the files being made or ready to fetch, then the videos downloaded with
 * their download history, comments and the CSV export.
 */
export function MyContentPage() {
  const { t } = useTranslation();
  useScreenMeta(t('myContent.title'));
  useRequestedFilesLive();
  return (
    <div className="page my-content" data-testid="my-content-page">
      <h1 className="my-content__title">{t('myContent.title')}</h1>
      <p className="my-content__lead">{t('myContent.lead')}</p>
      <RequestedFiles />
      <DownloadedItems />
    </div>
  );
}
