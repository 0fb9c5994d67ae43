import type { ReactNode } from 'react';
import { surfaceClasses } from '@meridian/ui';
import layout from './account-page.module.css';

/** An account screen: its title (with what acts on the whole page beside it, if anything), then its cards. */
export function AccountPage({
  title,
  testId,
  actions,
  children,
}: {
  title: ReactNode;
  testId: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const heading = <h1 className={layout.title}>{title}</h1>;
  return (
    <div className={layout.page} data-testid={testId}>
      {actions === undefined ? (
        heading
      ) : (
        <div className={layout.head}>
          {heading}
          {actions}
        </div>
      )}
      {children}
    </div>
  );
}

/** A titled panel of an account screen; `id` names its heading (`<id>-title`), which labels it. */
export function AccountCard({ id, title, testId, children }: { id: string; title: string; testId?: string; children: ReactNode }) {
  return (
    <section className={`${surfaceClasses.panel} ${layout.card}`} aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`} className={layout.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
