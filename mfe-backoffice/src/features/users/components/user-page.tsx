import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { AccountModeName, UserDetail } from '@meridian/contracts';
import { userNoteBody } from '@meridian/contracts/schemas';
import { formatAmount, formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import { Form, TextField } from '@meridian/ui/form';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { addUserNote, transfersQueryOptions, userQueryOptions } from '../api/users-api.ts';
import { kycText, modeText, statusText, userName } from './user-labels.ts';
import styles from './users.module.css';

const { ChoiceChips, DemoBadge, Facts, PAGE_SIZE, Page, ReviewTable, Section, kitClasses: kit, useErrorText, usePagedFilter } = reviewKit;

/** Modes in the order the page shows them: real money first. */
const MODES: readonly AccountModeName[] = ['real', 'demo'];

/**
 * Balances of every account kind, per mode and currency (USD, then every other currency the customer
 * holds), each in its own currency and places; read-only; the demo card says it is virtual money.
 */
function Balances({ detail }: { detail: UserDetail }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return (
    <div className={styles.balances}>
      {MODES.map((mode) => {
        const ofMode = detail.balances.filter((x) => x.mode === mode);
        return (
          <section
            key={mode}
            className={styles.balanceCard}
            data-mode={mode}
            data-testid={`balances-${mode}`}
            aria-labelledby={`balances-${mode}-title`}
          >
            <h3 className={styles.balanceHead} id={`balances-${mode}-title`}>
              {t('users.balancesOf', { mode: modeText(t, mode) })}
              {mode === 'demo' ? <DemoBadge testId="balances-demo-badge" /> : null}
            </h3>
            {mode === 'demo' ? <p className={`${kit.muted} ${kit.small}`}>{t('users.demoNote')}</p> : null}
            {ofMode.map((b) => (
              <div key={b.currency} data-currency={b.currency}>
                {ofMode.length > 1 ? <h4 className={styles.balanceCurrency}>{b.currency}</h4> : null}
                <dl className={styles.balanceList}>
                  {Object.entries(b.accounts).map(([kind, amount]) => (
                    <div key={kind} className={styles.balanceRow} data-account={kind}>
                      <dt>{t(`users.accounts.${kind}`, { defaultValue: kind })}</dt>
                      <dd className={`${kit.num} ${/^0(\.0+)?$/.test(amount) ? styles.zero : ''}`}>
                        {formatAmount(amount, b.currency, lang)}
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}

/** The customer's transfers of one mode at a time, newest first, 50 a page. */
function Transfers({ userId }: { userId: string }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { value: mode, choose, page, setPage } = usePagedFilter<AccountModeName>('real');
  const query = useQuery({ ...transfersQueryOptions(userId, mode, page), placeholderData: keepPreviousData });
  return (
    <Section
      title={t('users.transfers')}
      testId="user-transfers"
      actions={
        <ChoiceChips
          label={t('users.mode')}
          options={MODES}
          value={mode}
          onChange={choose}
          text={(m) => modeText(t, m)}
          testIdPrefix="transfers-mode"
        />
      }
    >
      {mode === 'demo' ? (
        <p className={kit.muted}>
          <DemoBadge /> {t('users.demoNote')}
        </p>
      ) : null}
      <QueryView query={query} isEmpty={(d) => d.items.length === 0} empty={t('users.noTransfers')}>
        {(data) => (
          <>
            <DataTable
              columns={[
                { id: 'time', header: t('users.columns.time'), className: kit.nowrap, cell: (row) => formatDateTime(row.createdAt, lang) },
                {
                  id: 'type',
                  header: t('users.columns.type'),
                  cell: (row) => t(`users.transferTypes.${row.type}`, { defaultValue: row.type }),
                },
                {
                  id: 'direction',
                  header: t('users.columns.direction'),
                  cell: (row) => (
                    <span className={row.direction === 'in' ? kit.in : kit.out}>{t(`users.directions.${row.direction}`)}</span>
                  ),
                },
                {
                  id: 'amount',
                  header: t('users.columns.amount'),
                  numeric: true,
                  cell: (row) => (
                    <span className={row.direction === 'in' ? kit.in : kit.out}>
                      {row.direction === 'in' ? '+' : '−'}
                      {formatAmount(row.amount, row.currency, lang)}
                    </span>
                  ),
                },
                {
                  id: 'account',
                  header: t('users.columns.account'),
                  cell: (row) => t(`users.accounts.${row.account}`, { defaultValue: row.account }),
                },
                {
                  id: 'reference',
                  header: t('users.columns.reference'),
                  cell: (row) => (
                    <span className={`${kit.mono} ${kit.subject}`} title={row.reference}>
                      {row.reference}
                    </span>
                  ),
                },
              ]}
              rows={data.items}
              rowKey={(row) => row.id}
              caption={t('users.transfers')}
              testId="transfers-table"
              rowAttributes={(row) => ({ 'data-testid': 'transfer-row', 'data-direction': row.direction, 'data-mode': mode })}
            />
            <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="transfers-pager" />
          </>
        )}
      </QueryView>
    </Section>
  );
}

/** Notes operators left on the customer, and (for the roles that may) a box to add one. */
function Notes({ detail }: { detail: UserDetail }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const session = useOperatorSession();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const mayWrite = hasRole(session, ['admin', 'support', 'reviewer', 'finance']);
  const add = useMutation({
    mutationFn: (text: string) => addUserNote(detail.user.id, text),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userQueryOptions(detail.user.id).queryKey }),
  });
  return (
    <Section title={t('users.notes')} testId="user-notes">
      {mayWrite ? (
        <Form
          schema={userNoteBody}
          defaultValues={{ body: '' }}
          onSubmit={async ({ body }, form) => {
            await add.mutateAsync(body);
            form.reset({ body: '' });
          }}
          className={adminStyles.stackTight}
          testId="note-form"
        >
          {(form, { failure, submitting }) => (
            <>
              <TextField form={form} name="body" label={t('users.newNote')} multiline maxLength={1000} testId="note-body" />
              {failure ? (
                <p className={kit.error} role="alert">
                  {errorText(failure)}
                </p>
              ) : null}
              <div className={kit.actions}>
                <Button type="submit" disabled={submitting} aria-busy={submitting} data-testid="note-submit">
                  {submitting ? t('queues.kit.sending') : t('users.addNote')}
                </Button>
              </div>
            </>
          )}
        </Form>
      ) : null}
      {detail.notes.length === 0 ? (
        <p className={kit.muted}>{t('users.noNotes')}</p>
      ) : (
        <ul className={styles.notes} data-testid="notes-list">
          {detail.notes.map((n) => (
            <li key={n.id} className={styles.note} data-testid="note">
              <span className={kit.byline}>
                <bdi>{n.author || t('users.unknownOperator')}</bdi> ·{' '}
                <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, lang)}</time>
              </span>
              <span className={kit.typed} dir="auto">
                {n.body}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The customer's sign-in sessions (most recently used first). */
function Sessions({ detail }: { detail: UserDetail }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return (
    <Section title={t('users.sessions')} testId="user-sessions">
      {detail.sessions.length === 0 ? (
        <p className={kit.muted}>{t('users.noSessions')}</p>
      ) : (
        <DataTable
          columns={[
            {
              id: 'lastUsed',
              header: t('users.columns.lastUsed'),
              className: kit.nowrap,
              sortValue: (s) => s.lastUsedAt,
              cell: (s) => formatDateTime(s.lastUsedAt, lang),
            },
            {
              id: 'created',
              header: t('users.columns.created'),
              className: kit.nowrap,
              sortValue: (s) => s.createdAt,
              cell: (s) => formatDateTime(s.createdAt, lang),
            },
            { id: 'ip', header: t('users.columns.ip'), className: `${kit.mono} ${kit.nowrap}`, cell: (s) => s.ip },
            { id: 'device', header: t('users.columns.device'), className: styles.agent, cell: (s) => s.userAgent || '—' },
            {
              id: 'status',
              header: t('users.columns.status'),
              cell: (s) => (
                <span className={kit.badge} data-tone={s.revoked ? 'outline' : 'approved'}>
                  {s.revoked ? t('users.revoked') : t('users.activeSession')}
                </span>
              ),
            },
          ]}
          rows={detail.sessions}
          rowKey={(s) => s.id}
          caption={t('users.sessions')}
          testId="sessions-table"
        />
      )}
    </Section>
  );
}

/**
 * `/admin/users/:id`: a customer — profile, balances per mode, transfers per mode, review items,
 * notes and sessions; finance proposes a correction from here.
 */
export function UserPage() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { id = '' } = useParams();
  const session = useOperatorSession();
  const query = useQuery(userQueryOptions(id));
  const detail = query.data;
  const finance = hasRole(session, ['finance']);

  return (
    <Page
      title={detail ? userName(detail.user) : t('users.customer')}
      titleExtra={detail?.user.accountMode === 'demo' ? <DemoBadge /> : null}
      back={{ to: '/admin/users', label: t('users.backToSearch') }}
      actions={
        finance ? (
          <Link className={styles.buttonLink} to={`/admin/corrections?user=${encodeURIComponent(id)}`} data-testid="propose-correction">
            {t('users.proposeCorrection')}
          </Link>
        ) : null
      }
      testId="user-page"
    >
      <QueryView query={query} notFound={t('users.notFound')}>
        {(d) => (
          <>
            <Section title={t('users.profile')} testId="user-profile">
              <Facts
                items={[
                  { label: t('users.columns.id'), value: <span className={kit.mono}>{d.user.id}</span>, testId: 'user-id', wide: true },
                  { label: t('users.columns.email'), value: d.user.email ?? '—', testId: 'user-email', wide: true },
                  { label: t('users.columns.phone'), value: d.user.phone ? <span className={kit.num}>{d.user.phone}</span> : '—' },
                  {
                    label: t('users.columns.wallet'),
                    value: d.user.wallet ? <span className={kit.mono}>{d.user.wallet}</span> : '—',
                    wide: !!d.user.wallet,
                  },
                  { label: t('users.columns.status'), value: statusText(t, d.user.status), testId: 'user-status' },
                  { label: t('users.columns.kyc'), value: kycText(t, d.user.kycStatus), testId: 'user-kyc' },
                  { label: t('users.columns.mode'), value: modeText(t, d.user.accountMode), testId: 'user-mode' },
                  { label: t('users.columns.created'), value: formatDateTime(d.user.createdAt, lang) },
                ]}
              />
            </Section>
            <Section title={t('users.balances')} testId="user-balances">
              <Balances detail={d} />
            </Section>
            <Transfers userId={d.user.id} />
            <Section title={t('users.reviews')} testId="user-reviews">
              {d.reviews.length === 0 ? (
                <p className={kit.muted}>{t('users.noReviews')}</p>
              ) : (
                <ReviewTable
                  items={d.reviews}
                  decided
                  showState
                  showCustomer={false}
                  caption={t('users.reviews')}
                  testId="user-reviews-table"
                />
              )}
            </Section>
            <div className={styles.twoColumns}>
              <Notes detail={d} />
              <Sessions detail={d} />
            </div>
          </>
        )}
      </QueryView>
    </Page>
  );
}
