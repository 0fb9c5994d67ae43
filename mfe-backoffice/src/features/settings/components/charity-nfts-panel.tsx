import { useQueryClient } from '@tanstack/react-query';
import { NFT_CHARITIES_MAX, NFT_CURRENCY } from '@meridian/contracts';
import type { CharityView, NftView } from '@meridian/contracts';
import { formatMoney, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { dateTimeOrDash, formatCount } from '../../../shared/format.ts';
import { adminKeys } from '../../../shared/query-keys.ts';
import { createCharity, createNft, updateCharity } from '../api/nfts-api.ts';
import type { CharityInput, NftInput, NftsAdmin } from '../api/nfts-api.ts';
import { useRowEditing } from '../hooks/use-row-editing.ts';
import type { EditingTableProps } from '../hooks/use-row-editing.ts';
import { CharityForm } from './charity-form.tsx';
import { NftForm } from './nft-form.tsx';
import styles from './settings.module.css';

/** What the charity editor is open on: a new charity, a charity's id, or nothing. */
type Editing = 'new' | number;
/** The button that opened an editor (focus goes back to it when the editor closes). */
const charityButtonId = (key: Editing) => (key === 'new' ? 'bo-charity-add' : `bo-charity-edit-${key}`);
const nftButtonId = () => 'bo-nft-add';

const STATE_BADGE: Record<NftView['state'], string | undefined> = {
  live: adminStyles.badgeWarn,
  sold: adminStyles.badgeOk,
  unsold: undefined,
};

/**
 * Charities and charity NFTs: every charity with what its NFTs raised (from the ledger) and every NFT with
 * its auction, in two tables; admins add or edit a charity and list an NFT (its auction starts at once).
 * Each change is audited.
 */
export function CharityNftsPanel({ data, editable, onSaved }: EditingTableProps & { data: NftsAdmin }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useRowEditing<Editing>(charityButtonId);
  const [listing, setListing] = useRowEditing<'new'>(nftButtonId);
  const { charities, nfts } = data;
  const full = charities.length >= NFT_CHARITIES_MAX;
  const charity = typeof editing === 'number' ? (charities.find((c) => c.id === editing) ?? null) : null;
  const usd = (value: string) => formatMoney(value, NFT_CURRENCY, lang);
  const usdOrDash = (value: string | null) => (value === null ? '—' : usd(value));

  const saveCharity = async (body: CharityInput) => {
    const saved = charity ? await updateCharity(charity.id, body) : await createCharity(body);
    await queryClient.invalidateQueries({ queryKey: adminKeys.nfts() });
    setEditing(null);
    onSaved(t(charity ? 'settings.saved' : 'settings.nfts.charityAdded', { name: saved.name }));
  };

  const saveNft = async (body: NftInput) => {
    const saved = await createNft(body);
    await queryClient.invalidateQueries({ queryKey: adminKeys.nfts() });
    setListing(null);
    onSaved(t('settings.nfts.nftListed', { name: saved.name }));
  };

  const charityColumns: DataColumn<CharityView>[] = [
    { id: 'name', header: t('settings.nfts.charityName'), rowHeader: true, cell: (c) => c.name },
    {
      id: 'description',
      header: t('settings.nfts.description'),
      cell: (c) => (
        <span className={styles.clamp} dir="auto">
          {c.description || '—'}
        </span>
      ),
    },
    {
      id: 'url',
      header: t('settings.nfts.link'),
      cell: (c) => (
        <a href={c.url} target="_blank" rel="noopener noreferrer" dir="ltr" className={styles.link}>
          {c.url}
        </a>
      ),
    },
    { id: 'raised', header: t('settings.nfts.raised'), numeric: true, cell: (c) => usd(c.raised) },
    { id: 'count', header: t('settings.nfts.nftCount'), numeric: true, cell: (c) => formatCount(c.nftCount, lang) },
    ...(editable
      ? [
          {
            id: 'actions',
            header: <span className={adminStyles.visuallyHidden}>{t('ui.actions')}</span>,
            hiddenHeader: true,
            cell: (c: CharityView) => (
              <div className={adminStyles.rowActions}>
                <Button
                  variant="secondary"
                  className={adminStyles.compact}
                  id={charityButtonId(c.id)}
                  onClick={() => setEditing(c.id)}
                  aria-label={t('settings.nfts.charityEdit', { name: c.name })}
                  aria-expanded={editing === c.id}
                  data-testid={charityButtonId(c.id)}
                >
                  {t('ui.edit')}
                </Button>
              </div>
            ),
          },
        ]
      : []),
  ];

  const nftColumns: DataColumn<NftView>[] = [
    {
      id: 'image',
      header: <span className={adminStyles.visuallyHidden}>{t('settings.nfts.artwork')}</span>,
      label: t('settings.nfts.artwork'),
      cell: (n) => <img src={n.image} alt="" className={styles.thumb} width={48} height={48} loading="lazy" />,
    },
    { id: 'name', header: t('settings.nfts.nftName'), rowHeader: true, cell: (n) => n.name },
    { id: 'charity', header: t('settings.nfts.charity'), cell: (n) => n.charity.name },
    {
      id: 'state',
      header: t('settings.nfts.state'),
      cell: (n) => (
        <span className={`${adminStyles.badge} ${STATE_BADGE[n.state] ?? ''}`} data-testid="bo-nft-state">
          {t(`settings.nfts.states.${n.state}`)}
        </span>
      ),
    },
    { id: 'reserve', header: t('settings.nfts.reserve'), numeric: true, cell: (n) => usd(n.reservePrice) },
    { id: 'buyNow', header: t('settings.nfts.buyNow'), numeric: true, cell: (n) => usdOrDash(n.buyNowPrice) },
    { id: 'bid', header: t('settings.nfts.currentBid'), numeric: true, cell: (n) => usdOrDash(n.currentBid) },
    { id: 'bids', header: t('settings.nfts.bids'), numeric: true, cell: (n) => formatCount(n.bidCount, lang) },
    {
      id: 'ends',
      header: t('settings.nfts.endsAt'),
      className: adminStyles.nowrap,
      cell: (n) => dateTimeOrDash(n.closedAt ?? n.endsAt, lang),
    },
    { id: 'donated', header: t('settings.nfts.donated'), numeric: true, cell: (n) => usd(n.donated) },
  ];

  return (
    <div className={`${adminStyles.stack} ${styles.settingsTable}`} data-testid="bo-charity-nfts">
      <p className={`${adminStyles.note} ${adminStyles.noteWarn}`} role="note">
        {t('settings.nfts.audited')}
      </p>
      <h3 className={styles.subTitle}>{t('settings.nfts.charitiesTitle')}</h3>
      <DataTable
        columns={charityColumns}
        rows={charities}
        rowKey={(c) => c.id}
        caption={t('settings.nfts.charitiesTitle')}
        empty={t('settings.nfts.noCharities')}
        cards
        testId="bo-charities"
        rowAttributes={(c) => ({
          'data-testid': 'bo-charity-row',
          'data-id': c.id,
          className: editing === c.id ? styles.editingRow : undefined,
        })}
      />
      {editable ? (
        <>
          <div className={adminStyles.cluster}>
            <Button
              id={charityButtonId('new')}
              onClick={() => setEditing('new')}
              disabled={full}
              aria-expanded={editing === 'new'}
              data-testid={charityButtonId('new')}
            >
              {t('settings.nfts.charityAdd')}
            </Button>
            {full ? (
              <span className={`${adminStyles.small} ${adminStyles.muted}`}>
                {t('settings.nfts.charitiesFull', { max: NFT_CHARITIES_MAX })}
              </span>
            ) : null}
          </div>
          {editing !== null && (editing === 'new' || charity) ? (
            <CharityForm key={editing} charity={charity} onSave={saveCharity} onCancel={() => setEditing(null)} />
          ) : null}
        </>
      ) : null}
      <h3 className={styles.subTitle}>{t('settings.nfts.nftsTitle')}</h3>
      <DataTable
        columns={nftColumns}
        rows={nfts}
        rowKey={(n) => n.id}
        caption={t('settings.nfts.nftsTitle')}
        empty={t('settings.nfts.noNfts')}
        pageSize={20}
        cards
        testId="bo-nfts"
        rowAttributes={(n) => ({ 'data-testid': 'bo-nft-row', 'data-id': n.id })}
      />
      {editable ? (
        <>
          <div className={adminStyles.cluster}>
            <Button
              id={nftButtonId()}
              onClick={() => setListing('new')}
              disabled={charities.length === 0}
              aria-expanded={listing === 'new'}
              data-testid={nftButtonId()}
            >
              {t('settings.nfts.nftAdd')}
            </Button>
            {charities.length === 0 ? (
              <span className={`${adminStyles.small} ${adminStyles.muted}`}>{t('settings.nfts.needCharity')}</span>
            ) : null}
          </div>
          {listing === 'new' ? <NftForm charities={charities} onSave={saveNft} onCancel={() => setListing(null)} /> : null}
        </>
      ) : null}
    </div>
  );
}
