import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { DESK_ROUTES } from '../../../common/desk-routes.ts';
import { useDeskMe } from './api.ts';
import { opens } from './desk-access.ts';
import { DESK_MENU } from './desk-screens.tsx';

/** /{locale}/desk: who is at the desk, with what roles, and the screens those roles open. */
export function DeskHomePage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const me = useDeskMe().data;
  if (!me) return null;
  return (
    <section className="desk-home" data-testid="desk-home">
      <h1>{t('desk.home.title', { name: me.name || me.email })}</h1>
      <p className="desk-home__roles" data-testid="desk-roles">
        {t('desk.home.roles', { roles: me.desk_roles.map((role) => t(`desk.roles.${role}`)).join(', ') })}
      </p>
      <ul className="desk-home__screens">
        {DESK_MENU.filter((item) => item.name !== 'deskHome' && opens(me.desk_roles, item.name)).map((item) => (
          <li key={item.name}>
            <Link to={`/${locale}${DESK_ROUTES[item.name].path}`} className="desk-home__screen">
              <strong>{t(item.label)}</strong>
              <span>{t(`desk.home.about.${item.name}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
