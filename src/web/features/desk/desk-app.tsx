import { Suspense } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { NavLink, Route, Routes, useParams } from 'react-router';
import { DESK_ROUTES, type DeskRouteName } from '../../../common/desk-routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { Notice } from '../../ui/notice.tsx';
import { useDeskMe } from './api.ts';
import { opens } from './desk-access.ts';
import { DESK_MENU, DESK_SCREENS } from './desk-screens.tsx';
import './desk.css';

const names = Object.keys(DESK_ROUTES) as DeskRouteName[];

/** The path of a desk screen below the desk, for the desk's own router. */
const relative = (name: DeskRouteName) => DESK_ROUTES[name].path.replace(/^\/desk\/?/, '');

function DeskForbidden() {
  const { t } = useTranslation();
  return <Notice testId="desk-forbidden" code="403" title={t('desk.forbidden.title')} text={t('desk.forbidden.text')} />;
}

/**
 * /{locale}/desk/… (ARCHITECTURE "Staff side"): the staff's own screens in chunks of their own,
 * inside the site's frame. Who is not staff finds nothing here (the not-found page, as the server's
 * 404 says); staff see the menu items of their desk roles.
 */
export function DeskApp() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const me = useDeskMe();
  useScreenMeta(t('desk.title'));
  if (me.isPending) return <LoadingFallback label={t('common.loading')} />;
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.status < 500) return <NotFoundPage />;
    throw me.error;
  }
  const roles = me.data.desk_roles;
  return (
    <div className="page desk" data-testid="desk">
      <nav className="desk__menu" aria-label={t('desk.menu.label')}>
        <span className="desk__brand">{t('desk.title')}</span>
        {DESK_MENU.filter((item) => opens(roles, item.name)).map((item) => (
          <NavLink
            key={item.name}
            end
            to={`/${locale}${DESK_ROUTES[item.name].path}`}
            className="desk__menu-item"
            data-testid={`desk-menu-${item.name}`}
          >
            {t(item.label)}
          </NavLink>
        ))}
      </nav>
      <div className="desk__screen">
        <Suspense fallback={<LoadingFallback label={t('common.loading')} />}>
          <Routes>
            {names.map((name) => {
              const Screen = DESK_SCREENS[name];
              const element = opens(roles, name) ? <Screen /> : <DeskForbidden />;
              const path = relative(name);
              return path === '' ? <Route key={name} index element={element} /> : <Route key={name} path={path} element={element} />;
            })}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </div>
    </div>
  );
}
