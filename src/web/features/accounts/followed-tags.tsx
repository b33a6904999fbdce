import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { tagsResponseSchema } from '../../../common/catalogue.ts';
import type { Answer } from '../../lib/api-client.ts';
import { LINKS } from '../../../common/routes.ts';
import { api } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';

/** The tags the user follows for notifications (spec: accounts §3 "Profile": followed tags). */
export function FollowedTags() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  const followed = useQuery({
    queryKey: ['followed_tags', locale],
    queryFn: ({ signal }) => api.get<Answer<typeof tagsResponseSchema>>('/api/current_user/followed_tags', { signal }),
  });
  const unfollow = useMutation({
    mutationFn: (slug: string) => api.delete(`/api/content/tags/${encodeURIComponent(slug)}/subscriptions`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['followed_tags'] }),
  });
  const tags = followed.data ?? [];
  return (
    <section className="account-page__section" data-testid="followed-tags">
      <h2 className="form__section-title">{t('accounts.profile.followedTags')}</h2>
      {tags.length === 0 ? (
        <p className="field__hint">{t('accounts.profile.noFollowedTags')}</p>
      ) : (
        <ul className="followed-tags">
          {tags.map((tag) => (
            <li key={tag.id} className="followed-tags__item">
              <Link to={`/${locale}${LINKS.tagLanding(tag.slug)}`}>#{tag.name}</Link>
              <Button
                variant="ghost"
                size="small"
                loading={unfollow.isPending && unfollow.variables === tag.slug}
                onClick={() => unfollow.mutate(tag.slug)}
              >
                {t('accounts.profile.unfollow')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
