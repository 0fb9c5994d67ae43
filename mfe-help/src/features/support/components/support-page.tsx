import { useMemo, useState } from 'react';
import type { TicketAccess } from '@meridian/contracts';
import { ticketAccess } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { ConversationView } from './conversation-view.tsx';
import { OpenConversationForm } from './open-conversation-form.tsx';
import styles from './support.module.css';

function accessFromUrl(): TicketAccess | null {
  const params = new URLSearchParams(window.location.search);
  const parsed = ticketAccess.safeParse({ ticket: params.get('ticket'), key: params.get('key') });
  return parsed.success ? parsed.data : null;
}

/** `/kf.html`: open a support conversation, then follow it through its private link. */
export function SupportPage({ api }: { api: ApiClient }) {
  const { t } = useT(NAMESPACE);
  const initial = useMemo(accessFromUrl, []);
  const [access, setAccess] = useState<TicketAccess | null>(initial);

  const opened = (next: TicketAccess) => {
    const url = new URL(window.location.href);
    url.searchParams.set('ticket', next.ticket);
    url.searchParams.set('key', next.key);
    window.history.replaceState(null, '', url);
    setAccess(next);
  };
  const startNew = () => {
    window.history.replaceState(null, '', window.location.pathname);
    setAccess(null);
  };

  return (
    <main className={styles.page} data-testid="kf-page">
      <header className={styles.header}>
        <a className={styles.brand} href="/">
          Meridian
        </a>
      </header>
      <h1 className={styles.title}>{t('kf.title')}</h1>
      {access ? <ConversationView api={api} access={access} onNew={startNew} /> : <p className={styles.lead}>{t('kf.intro')}</p>}
      {access ? null : <OpenConversationForm api={api} onOpened={opened} />}
      <nav className={styles.footerLinks}>
        <a href="/help">{t('kf.help')}</a>
        <a href="/">{t('kf.home')}</a>
      </nav>
    </main>
  );
}
