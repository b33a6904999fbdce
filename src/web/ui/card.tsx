import type { ReactNode } from 'react';
import './card.css';

/** A centred card for the short account pages (sign-in, check your e-mail, …). */
export function CardPage({
  title,
  lead,
  children,
  wide = false,
  testId,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <div className="card-page" data-testid={testId}>
      <section className={`card${wide ? ' card--wide' : ''}`}>
        <h1 className="card__title">{title}</h1>
        {lead ? <div className="card__lead">{lead}</div> : null}
        {children}
      </section>
    </div>
  );
}
