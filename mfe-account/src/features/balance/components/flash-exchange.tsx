import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EXCHANGES_PAGE_SIZE, EXCHANGE_CRYPTO, EXCHANGE_CURRENCIES, EXCHANGE_MIN_RECEIVE } from '@meridian/contracts';
import type { ExchangeCurrency, ExchangeQuoteResult, ExchangeView } from '@meridian/contracts';
import { exchangeQuoteBody } from '@meridian/contracts/schemas';
import { formatAmount, formatCountdown, formatDateTime, formatDecimal, useLanguage, useNow, useT, useUser } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, EmptyState, formClasses } from '@meridian/ui';
import { Form, SelectField, TextField } from '@meridian/ui/form';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { accountKeys } from '../../../api/account-queries.ts';
import { failureKey } from '../../../api/account-api.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { useAccount } from '../../../shared/use-account.ts';
import { exchangeApi, exchangeQueries } from '../api/exchange-api.ts';
import styles from './funding.module.css';

/** The currencies a currency can be exchanged for: crypto ↔ USD only. */
const targetsOf = (from: ExchangeCurrency): ExchangeCurrency[] => (from === 'USD' ? [...EXCHANGE_CRYPTO] : ['USD']);

/** A quote being looked at: its figures, the countdown to its expiry, and "exchange" while it holds. */
function QuotePanel({
  quote,
  onDone,
  onRequote,
}: {
  quote: ExchangeQuoteResult;
  onDone: (exchange: ExchangeView) => void;
  onRequote: () => void;
}) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const now = useNow(250);
  const left = Date.parse(quote.expiresAt) - now;
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useIdempotentMutation({
    send: (quoteId: string, key: string) => exchangeApi.submit(api, quoteId, key),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.funding(userId) }),
  });
  const expired = left <= 0;
  return (
    <section className={styles.record} aria-label={t('exchange.quoteTitle')} data-testid="exchange-quote">
      <dl className={styles.figures}>
        <dt>{t('exchange.give')}</dt>
        <dd data-testid="quote-amount">{formatAmount(quote.amount, quote.from, lang)}</dd>
        <dt>{t('exchange.rate')}</dt>
        <dd data-testid="quote-rate">
          <bdi dir="ltr">
            1 {quote.from} = {formatDecimal(quote.rate, lang, { min: 2, max: 8 })} {quote.to}
          </bdi>
        </dd>
        <dt>{t('exchange.fee', { percent: quote.feePercent })}</dt>
        <dd data-testid="quote-fee">{formatAmount(quote.fee, quote.from, lang)}</dd>
        <dt>{t('exchange.receive')}</dt>
        <dd data-testid="quote-received">{formatAmount(quote.received, quote.to, lang)}</dd>
      </dl>
      <p className={expired ? styles.warning : styles.muted} role={expired ? 'alert' : undefined} data-testid="quote-expiry">
        {expired ? tc('errors.10123') : t('exchange.holds', { time: formatCountdown(left) })}
      </p>
      {failure ? (
        <p className={styles.warning} role="alert" data-testid="exchange-failure">
          {failure}
        </p>
      ) : null}
      <div className={styles.actions}>
        {expired || failure ? (
          <Button onClick={onRequote} data-testid="exchange-requote">
            {t('exchange.requote')}
          </Button>
        ) : (
          <Button
            disabled={submit.isPending}
            aria-busy={submit.isPending}
            onClick={() => {
              setFailure(null);
              submit.mutateAsync(quote.quoteId).then(onDone, (error: unknown) => setFailure(tc(failureKey(error))));
            }}
            data-testid="exchange-submit"
          >
            {t('exchange.confirm', { amount: formatAmount(quote.received, quote.to, lang) })}
          </Button>
        )}
      </div>
    </section>
  );
}

/** The user's exchanges, newest first, paged. */
export function ExchangeRecords() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const [page, setPage] = useState(1);
  const query = useQuery(exchangeQueries.exchanges(api, userId, page));
  return (
    <QueryView query={query}>
      {(list) =>
        list.total === 0 ? (
          <EmptyState title={t('exchange.none')} />
        ) : (
          <>
            <ol className={styles.records} data-testid="exchange-records">
              {list.items.map((item) => (
                <li key={item.id} className={styles.record} data-testid="exchange-record">
                  <div className={styles.recordHead}>
                    <strong>
                      {formatAmount(item.amount, item.from, lang)} → {formatAmount(item.received, item.to, lang)}
                    </strong>
                    <time className={styles.muted} dateTime={item.createdAt}>
                      {formatDateTime(item.createdAt, lang)}
                    </time>
                  </div>
                  <p className={styles.muted}>
                    {t('exchange.recordFigures', {
                      // An isolated left-to-right run, so an Arabic sentence keeps "1 BTC = … USD" in order.
                      rate: `\u20661 ${item.from} = ${formatDecimal(item.rate, lang, { min: 2, max: 8 })} ${item.to}\u2069`,
                      fee: formatAmount(item.fee, item.from, lang),
                    })}
                  </p>
                </li>
              ))}
            </ol>
            <Pager page={page} pageSize={EXCHANGES_PAGE_SIZE} total={list.total} onPage={setPage} testId="exchanges-pager" />
          </>
        )
      }
    </QueryView>
  );
}

/**
 * Flash exchange (SPEC §5.4, issue 25 item 6): crypto ↔ USD at a quote from the live price, with the fee
 * and what is received stated and a countdown to its expiry; the exchange carries out exactly the quote
 * (one ledger transaction, both currencies), or says it expired and offers a new one.
 */
export function FlashExchange() {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const { api, toast } = usePlatform();
  const [quote, setQuote] = useState<ExchangeQuoteResult | null>(null);
  const [asked, setAsked] = useState<{ from: ExchangeCurrency; to: ExchangeCurrency; amount: string } | null>(null);
  const account = useAccount();
  const availableOf = (currency: ExchangeCurrency) =>
    account.data?.account.currencies?.find((c) => c.currency === currency)?.balance ?? '0';

  const ask = async (body: { from: ExchangeCurrency; to: ExchangeCurrency; amount: string }) => {
    setAsked(body);
    setQuote(await exchangeApi.quote(api, body));
  };

  return (
    <div className={styles.form}>
      <Form
        schema={exchangeQuoteBody}
        defaultValues={{ from: 'USDT', to: 'USD', amount: '' }}
        onSubmit={async (body) => {
          await ask(body as { from: ExchangeCurrency; to: ExchangeCurrency; amount: string });
        }}
        className={styles.form}
        testId="exchange-form"
        aria-label={t('exchange.title')}
      >
        {(form, { failure, submitting }) => {
          const from = form.watch('from') as ExchangeCurrency;
          const to = form.watch('to') as ExchangeCurrency;
          return (
            <>
              <div className={styles.pair}>
                <SelectField
                  form={form}
                  name="from"
                  label={t('exchange.from')}
                  options={EXCHANGE_CURRENCIES}
                  testId="exchange-from"
                  onPick={(value) => {
                    form.setValue('to', targetsOf(value as ExchangeCurrency)[0]!);
                    setQuote(null);
                  }}
                />
                <SelectField
                  form={form}
                  name="to"
                  label={t('exchange.to')}
                  options={targetsOf(from)}
                  testId="exchange-to"
                  onPick={() => setQuote(null)}
                />
              </div>
              <TextField
                form={form}
                name="amount"
                label={t('exchange.amount', { currency: from })}
                hint={`${t('exchange.minimum', {
                  amount: formatAmount(EXCHANGE_MIN_RECEIVE[to], to, lang),
                  available: formatAmount(availableOf(from), from, lang),
                })}. ${t('exchange.wholeBalance')}`}
                inputMode="decimal"
                autoComplete="off"
                testId="exchange-amount"
              />
              {failure ? (
                <p className={styles.warning} role="alert" data-testid="exchange-quote-failure">
                  {tc(failureKey(failure))}
                </p>
              ) : null}
              <div className={formClasses.actions}>
                <Button type="submit" variant="secondary" disabled={submitting} data-testid="exchange-quote-button">
                  {t('exchange.getQuote')}
                </Button>
              </div>
            </>
          );
        }}
      </Form>
      {quote ? (
        <QuotePanel
          key={quote.quoteId}
          quote={quote}
          onDone={(exchange) => {
            toast(t('exchange.done', { amount: formatAmount(exchange.received, exchange.to, lang) }), 'success');
            setQuote(null);
          }}
          onRequote={() => {
            if (asked) void ask(asked).catch(() => setQuote(null));
          }}
        />
      ) : null}
      <h3 className={styles.label}>{t('exchange.recordsTitle')}</h3>
      <ExchangeRecords />
    </div>
  );
}
