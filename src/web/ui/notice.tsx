import type { ReactNode } from 'react';
import './notice.css';

/** Frame of the notice pages: not found, server error, old browsers. */
export function Notice({
  code,
  title,
  text,
  actions,
  testId,
}: {
  code?: string;
  title: string;
  text: string;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <div className="page notice" data-testid={testId}>
      {code ? (
        <p className="notice__code" aria-hidden>
          {code}
        </p>
      ) : null}
      <h1 className="notice__title">{title}</h1>
      <p className="notice__text">{text}</p>
      {actions ? <div className="notice__actions">{actions}</div> : null}
    </div>
  );
}
