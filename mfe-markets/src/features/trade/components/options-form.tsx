import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { BuyOptionsBody, MarketInfo, OptionsOrder, TradingTerms } from '@meridian/contracts';
import { formatDecimal, useLanguage, useT } from '@meridian/platform';
import { EmptyState, formClasses } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { Choice } from '../../../shared/choice.tsx';
import { formatPeriod } from '../../../shared/format-period.ts';
import { formatAmount, formatPrice, MoneyText } from '../../../shared/money-text.tsx';
import { OrderConfirm } from '../../../shared/order-confirm.tsx';
import { buyOptions } from '../api/buy-options.ts';
import { useConfirmedOrder } from '../hooks/use-confirmed-order.ts';
import { previewOptionsPayout, validateOptionsForm } from '../state/options-form.ts';
import type { OptionsFormValues } from '../state/options-form.ts';
import { Figure, FigureList } from './figure-list.tsx';
import { SubmitArea } from './submit-area.tsx';
import { DecimalInput, TradeField } from './trade-field.tsx';
import styles from './trade.module.css';

/** The options tab: direction, period (with its payout), stake within the product's limits, payout preview, confirm. */
export function OptionsForm({
  instrument,
  price,
  terms,
  onBought,
}: {
  instrument: MarketInfo;
  price: string;
  terms: TradingTerms;
  onBought: (order: OptionsOrder) => void;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const [values, setValues] = useState<OptionsFormValues>(() => ({
    direction: 'up',
    amount: '',
    period: terms.options[0]?.period ?? null,
  }));
  const [touched, setTouched] = useState(false);
  const amountInput = useRef<HTMLInputElement>(null);
  const periodLabel = useId();

  const product = terms.options.find((p) => p.period === values.period) ?? terms.options[0];
  const current = { ...values, period: product?.period ?? null };
  const { errors, body } = validateOptionsForm(current, { instrumentId: instrument.id, products: terms.options });
  const payout = product ? previewOptionsPayout(values.amount.trim(), product) : null;

  const { order, confirming, ask, dialog } = useConfirmedOrder<BuyOptionsBody, OptionsOrder>({
    send: buyOptions,
    placedText: (bought) =>
      t('trade.options.placed', {
        direction: t(`trade.direction.${bought.direction}`),
        code: bought.code,
        amount: formatAmount(bought.amount, lang),
      }),
    onPlaced: (bought) => {
      setTouched(false);
      onBought(bought);
    },
  });

  if (!product) return <EmptyState title={t('trade.options.none')} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!body) {
      amountInput.current?.focus();
      return;
    }
    ask();
  };

  const closed = !instrument.tradingOpen;
  const directionLabel = t(`trade.direction.${values.direction}`);
  const payoutPercent = (value: string) => `${formatDecimal(value, lang, { max: 2 })}%`;

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="options-form">
      <Choice
        label={t('trade.options.direction')}
        items={[
          { id: 'up', label: `▲ ${t('trade.direction.up')}` },
          { id: 'down', label: `▼ ${t('trade.direction.down')}` },
        ]}
        value={values.direction}
        onChange={(direction) => setValues((v) => ({ ...v, direction }))}
        tone={(d) => (d === 'up' ? 'up' : 'down')}
        testIdPrefix="options-direction"
      />
      <div className={formClasses.field}>
        <span className={formClasses.label} id={periodLabel}>
          {t('trade.options.period')}
        </span>
        <div className={styles.periods} role="group" aria-labelledby={periodLabel}>
          {terms.options.map((p) => (
            <button
              key={p.period}
              type="button"
              className={styles.period}
              aria-pressed={p.period === product.period}
              onClick={() => setValues((v) => ({ ...v, period: p.period }))}
              data-testid={`options-period-${p.period}`}
            >
              <span>{formatPeriod(p.period, t)}</span>
              <span className={styles.payout}>{t('trade.options.payoutShort', { percent: payoutPercent(p.payoutPercent) })}</span>
            </button>
          ))}
        </div>
      </div>
      <TradeField
        label={t('trade.options.amount')}
        hint={t('trade.options.amountHint', { min: formatAmount(product.minStake, lang), max: formatAmount(product.maxStake, lang) })}
        error={touched || values.amount !== '' ? errors.amount : undefined}
        errorTestId="options-amount-error"
      >
        {(control) => (
          <DecimalInput
            control={control}
            ref={amountInput}
            value={values.amount}
            onChange={(amount) => setValues((v) => ({ ...v, amount }))}
            onBlur={() => setTouched(true)}
            testId="options-amount"
          />
        )}
      </TradeField>
      <FigureList testId="options-preview">
        <Figure label={t('trade.options.payout')}>{payoutPercent(product.payoutPercent)}</Figure>
        <Figure label={t('trade.options.ifWon')}>
          {payout ? <MoneyText value={payout.total.toFixed()} testId="options-payout" /> : '—'}
        </Figure>
        <Figure label={t('trade.options.profitIfWon')}>
          {payout ? <MoneyText value={payout.profit.toFixed()} signed testId="options-profit-preview" /> : '—'}
        </Figure>
      </FigureList>
      <p className={formClasses.hint}>{t('trade.options.rules')}</p>
      <SubmitArea
        kind="options"
        order={order}
        closed={closed}
        up={values.direction === 'up'}
        label={t('trade.options.submit', { direction: directionLabel, code: instrument.code })}
      />

      {confirming ? (
        <OrderConfirm
          title={t('trade.options.confirmTitle')}
          testId="options-confirm"
          confirmLabel={t('trade.options.confirm')}
          {...dialog(body, closed)}
          note={t('trade.options.confirmNote')}
          rows={[
            { label: t('trade.contract.instrument'), value: `${instrument.code} · ${instrument.name}`, testId: 'confirm-instrument' },
            { label: t('trade.options.direction'), value: directionLabel, testId: 'confirm-direction' },
            { label: t('trade.options.amount'), value: body ? <MoneyText value={body.amount} /> : '—', testId: 'confirm-amount' },
            { label: t('trade.options.period'), value: formatPeriod(product.period, t), testId: 'confirm-period' },
            { label: t('trade.options.payout'), value: payoutPercent(product.payoutPercent), testId: 'confirm-payout-percent' },
            { label: t('trade.contract.price'), value: formatPrice(price, lang, terms.tickSize), testId: 'confirm-price' },
            {
              label: t('trade.options.ifWon'),
              value: payout ? <MoneyText value={payout.total.toFixed()} /> : '—',
              testId: 'confirm-payout',
            },
          ]}
        />
      ) : null}
    </form>
  );
}
