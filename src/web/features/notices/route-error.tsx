import { Component, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

/** Shown in place of a page that failed to load or render (a chunk that did not arrive, say). */
function RouteError() {
  const { t } = useTranslation();
  return (
    <Notice
      testId="route-error"
      title={t('notices.routeError.title')}
      text={t('notices.routeError.text')}
      actions={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
    />
  );
}

type Props = { children: ReactNode; path: string };
type State = { failed: boolean; path: string };

/** Catches what a page throws; moving to another path clears it (the page itself is not remounted). */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, path: this.props.path };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
