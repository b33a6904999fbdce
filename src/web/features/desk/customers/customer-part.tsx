import type { ReactNode } from 'react';

/** One titled part of a customer's page at the desk. */
export function Part({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="desk-customer__part" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
