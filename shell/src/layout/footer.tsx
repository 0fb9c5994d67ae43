import { useQuery } from '@tanstack/react-query';
import { queryClient, useT } from '@meridian/platform';
import { CONTENT_TYPES } from '@meridian/contracts';
import type { ContentSummary, ContentType } from '@meridian/contracts';
import { useLanguage } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import { AppLink } from '../navigation/app-link.tsx';
import { contentListQuery } from './content-list.ts';
import styles from './chrome.module.css';

const PRODUCT_LINKS = [
  { key: 'market', href: '/market' },
  { key: 'loan', href: '/loan' },
  { key: 'nfts', href: '/nfts' },
  { key: 'trading', href: '/trading' },
] as const;

/** Footer: product links and the content-page groups (types 1–4) from the server, per language. */
export default function Footer({ api }: { api: ApiClient }) {
  const { t } = useT('shell');
  const lang = useLanguage();
  // The list the shell loaded at start (content-list.ts), from the shared cache.
  const { data: items } = useQuery(contentListQuery(api, lang), queryClient);

  const groups = new Map<ContentType, ContentSummary[]>();
  for (const item of items ?? []) groups.set(item.type, [...(groups.get(item.type) ?? []), item]);

  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.footerInner}>
        <section>
          <h2>{t('footer.products')}</h2>
          <ul>
            {PRODUCT_LINKS.map((link) => (
              <li key={link.key}>
                <AppLink href={link.href}>{t(`nav.${link.key}`)}</AppLink>
              </li>
            ))}
          </ul>
        </section>
        {CONTENT_TYPES.filter((type) => groups.has(type)).map((type) => (
          <section key={type} data-testid={`footer-group-${type}`}>
            <h2>{t(`footer.group${type}`)}</h2>
            <ul>
              {groups.get(type)!.map((item) => (
                <li key={item.id}>
                  <AppLink href={`/detail?id=${item.id}&title=${encodeURIComponent(item.title)}`} dir="auto">
                    {item.title}
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className={styles.footerNote}>{t('footer.note')}</p>
    </footer>
  );
}
