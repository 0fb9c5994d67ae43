import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { NFT_CURRENCY } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { pageLayout, surfaceClasses } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { useFormat } from '../../../shared/format.ts';
import { nftQueries } from '../../../shared/nfts-api.ts';
import { NftsNav } from '../../../shared/nfts-nav.tsx';
import { usePlatform } from '../../../shared/platform-context.tsx';
import styles from '../../../shared/nfts.module.css';

/** `/nfts/charities`: every charity, what it does, where to read more and what its NFTs raised (from the ledger). */
export function CharitiesPage() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const charities = useQuery(nftQueries.charities(api));
  const fmt = useFormat(charities.data?.currency ?? NFT_CURRENCY);
  return (
    <div className={pageLayout.page} data-testid="charities-page">
      <header className={pageLayout.card}>
        <h1 className={pageLayout.title}>{t('charities.title')}</h1>
        <p className={pageLayout.lead}>{t('charities.lead')}</p>
        <NftsNav />
      </header>
      <QueryView query={charities} isEmpty={(data) => data.items.length === 0} empty={t('charities.empty')}>
        {({ items, donatedTotal }) => (
          <>
            <div className={styles.donatedTotal} data-testid="nfts-donated-total" data-value={donatedTotal}>
              <p className={styles.donatedFigure}>{fmt.money(donatedTotal)}</p>
              <p>{t('market.donatedTotal')}</p>
            </div>
            <ul className={styles.charities} data-testid="charities-list">
              {items.map((charity) => (
                <li
                  key={charity.id}
                  className={`${styles.charity} ${surfaceClasses.panel}`}
                  data-testid="charity-item"
                  aria-labelledby={`charity-${charity.id}`}
                >
                  <h2 id={`charity-${charity.id}`} className={pageLayout.cardTitle}>
                    <Link to={`/nfts/charities/${charity.id}`} className={styles.link}>
                      {charity.name}
                    </Link>
                  </h2>
                  <p className={styles.description}>{charity.description}</p>
                  <dl className={styles.terms}>
                    <dt>{t('charities.raised')}</dt>
                    <dd data-testid="charity-raised" data-value={charity.raised}>
                      {fmt.money(charity.raised)}
                    </dd>
                    <dt>{t('charities.nfts')}</dt>
                    <dd>{charity.nftCount}</dd>
                  </dl>
                  <a href={charity.url} target="_blank" rel="noopener noreferrer" className={styles.link}>
                    {t('charities.website')}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryView>
    </div>
  );
}
