import { useId, useRef } from 'react';
import type { BuyOptionsBody, MarketInfo, OptionsOrder, TradingTerms } from '@meridian/contracts';
import { formatDecimal, useLanguage, useT } from '@meridian/platform';
import { EmptyState, formClasses } from '@meridian/ui';
import { fieldError, Form } from '@meridian/ui/form';
import type { KitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { Choice } from '../../../shared/choice.tsx';
import { formatPeriod } from '../../../shared/format-period.ts';
import { formatAmount, formatPrice, MoneyText } from '../../../shared/money-text.tsx';
import { OrderConfirm } from '../../../shared/order-confirm.tsx';
import { buyOptions } from '../api/buy-options.ts';
import { useConfirmedOrder } from '../hooks/use-confirmed-order.ts';
import { optionsOrderForm, previewOptionsPayout } from '../state/options-form.ts';
import { Figure, FigureList } from './figure-list.tsx';
import { SubmitArea } from './submit-area.tsx';
import { DecimalInput, TradeField } from './trade-field.tsx';
import styles from './trade.module.css';

type OptionsKitForm = KitForm<ReturnType<typeof optionsOrderForm>>;

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
  const periodLabel = useId();
  /** The form that sent the order (given by its submit), its checks reset once the order is bought. */
  const sentForm = useRef<OptionsKitForm | null>(null);
  const schema = optionsOrderForm({ instrumentId: instrument.id, products: terms.options });

  const { order, confirming, ask, dialog } = useConfirmedOrder<BuyOptionsBody, OptionsOrder>({
    send: buyOptions,
    placedText: (bought) =>
      t('trade.options.placed', {
        direction: t(`trade.direction.${bought.direction}`),
        code: bought.code,
        amount: formatAmount(bought.amount, lang),
      }),
    onPlaced: (bought) => {
      const form = sentForm.current;
      if (form) form.reset(form.getValues());
      onBought(bought);
    },
  });

  const first = terms.options[0];
  if (!first) return <EmptyState title={t('trade.options.none')} />;

  const closed = !instrument.tradingOpen;
  const payoutPercent = (value: string) => `${formatDecimal(value, lang, { max: 2 })}%`;

  return (
    <Form
      schema={schema}
      defaultValues={{ direction: 'up', amount: '', period: first.period }}
      onSubmit={(_body, form) => {
        sentForm.current = form;
        ask();
      }}
      className={styles.form}
      testId="options-form"
    >
      {(form) => {
        const values = form.watch();
        const product = terms.options.find((p) => p.period === values.period) ?? first;
        const parsed = schema.safeParse(values);
        const body = parsed.success ? parsed.data : null;
        const payout = previewOptionsPayout(values.amount.trim(), product);
        const directionLabel = t(`trade.direction.${values.direction}`);
        /** The stake is checked as it is typed and once left; a period change checks it against the new limits. */
        const checkAmount = () => {
          if (form.getValues('amount') !== '' || form.getFieldState('amount').isTouched || form.formState.isSubmitted) {
            void form.trigger('amount');
          }
        };

        return (
          <>
            <Choice
              label={t('trade.options.direction')}
              items={[
                { id: 'up', label: `▲ ${t('trade.direction.up')}` },
                { id: 'down', label: `▼ ${t('trade.direction.down')}` },
              ]}
              value={values.direction}
              onChange={(direction) => form.setValue('direction', direction)}
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
                    onClick={() => {
                      form.setValue('period', p.period);
                      checkAmount();
                    }}
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
              error={fieldError(form, 'amount')}
              errorTestId="options-amount-error"
            >
              {(control) => (
                <DecimalInput
                  control={control}
                  field={form.register('amount', { onChange: checkAmount, onBlur: () => void form.trigger('amount') })}
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
          </>
        );
      }}
    </Form>
  );
}
