import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/** "Load more": the next page of 12 is appended (spec: content §4, later pages append). */
export function LoadMore({ pages }: { pages: Pages }) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  return (
    <div className="catalogue-page__more">
      <Button variant="secondary" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()} data-testid="load-more">
        {t('catalogue.loadMore')}
      </Button>
    </div>
  );
}
