import { useEffect, useRef, useState } from 'react';
import { MONEY_CODES } from '@meridian/contracts';
import type { BuyContractsBody, ContractOrder, MarketInfo, TradingTerms } from '@meridian/contracts';
import { LOTS_OUT_OF_BOUNDS, PENDING_ORDER_TTL_MS } from '@meridian/contracts/schemas';
import { formatDateTime, formatDecimal, useLanguage, useT } from '@meridian/platform';
import { formClasses } from '@meridian/ui';
import { fieldError, Form } from '@meridian/ui/form';
import type { KitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { Choice } from '../../../shared/choice.tsx';
import { formatPrice, MoneyText } from '../../../shared/money-text.tsx';
import { OrderConfirm } from '../../../shared/order-confirm.tsx';
import { buyContracts } from '../api/buy-contracts.ts';
import { useConfirmedOrder } from '../hooks/use-confirmed-order.ts';
import {
  CONTRACT_FIELDS,
  contractOrderForm,
  expectedOpenPrice,
  offeredLeverage,
  previewContract,
  waitsForLimit,
} from '../state/contract-form.ts';
import type { ContractField } from '../state/contract-form.ts';
import { ContractPreviewList } from './contract-preview.tsx';
import { SubmitArea } from './submit-area.tsx';
import { DecimalInput, TradeField } from './trade-field.tsx';
import styles from './trade.module.css';

type ContractKitForm = KitForm<ReturnType<typeof contractOrderForm>>;
type TextField = Exclude<ContractField, 'leverage'>;

/** Stop loss and take profit: optional prices checked as they are typed (the price moves). */
const PROTECTIONS = [
  { field: 'stopLoss', testId: 'contract-stop-loss' },
  { field: 'takeProfit', testId: 'contract-take-profit' },
] as const;
/** The expiry a limit order states, in hours (PENDING_ORDER_TTL_MS). */
const TTL_HOURS = PENDING_ORDER_TTL_MS / 3_600_000;

/**
 * Checks the stop loss and take profit again when what they are judged against moves (the live price, the
 * side, the order type, the limit), once they are typed or the form was sent.
 */
function RecheckProtections({ form, against }: { form: ContractKitForm; against: string }) {
  useEffect(() => {
    const shown = PROTECTIONS.map((p) => p.field).filter((f) => form.formState.isSubmitted || form.getFieldState(f).isDirty);
    if (shown.length > 0) void form.trigger(shown);
  }, [form, against]);
  return null;
}

/** The contract tab: side, lots, leverage, live margin / fee / liquidation preview, optional SL/TP, confirm. */
export function ContractForm({ instrument, price, terms }: { instrument: MarketInfo; price: string; terms: TradingTerms }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContractField, string>>>({});
  const [confirmedAt, setConfirmedAt] = useState(0);
  /** The form that sent the order (given by its submit), emptied of its prices once the order is placed. */
  const sentForm = useRef<ContractKitForm | null>(null);
  const schema = contractOrderForm({ instrumentId: instrument.id, leverages: terms.leverages, lots: terms.lots }, price);
  const lotBounds = {
    min: formatDecimal(terms.lots.min, lang, { max: 8 }),
    step: formatDecimal(terms.lots.step, lang, { max: 8 }),
    max: formatDecimal(terms.lots.max, lang, { max: 8 }),
  };

  const { order, confirming, ask, dialog } = useConfirmedOrder<BuyContractsBody, ContractOrder>({
    send: buyContracts,
    placedText: (placed) =>
      t(placed.status === 'pending' ? 'trade.limit.placed' : 'trade.contract.placed', {
        side: t(`trade.side.${placed.side}`),
        lots: formatDecimal(placed.lots, lang),
        code: placed.code,
        price: formatPrice(placed.status === 'pending' ? (placed.limitPrice ?? placed.openPrice) : placed.openPrice, lang, terms.tickSize),
      }),
    onPlaced: () => {
      const form = sentForm.current;
      if (form) form.reset({ ...form.getValues(), stopLoss: '', takeProfit: '', limitPrice: '' });
    },
    onRefused: (error) => {
      const code = (error as { code?: string }).code;
      if (code === MONEY_CODES.stopLossUnreasonable) setServerErrors({ stopLoss: 'errors.10099' });
      if (code === MONEY_CODES.takeProfitUnreasonable) setServerErrors({ takeProfit: 'errors.10100' });
      if (code === MONEY_CODES.leverageNotOffered) setServerErrors({ leverage: 'errors.10104' });
      if (code === MONEY_CODES.amountWrong) setServerErrors({ lots: LOTS_OUT_OF_BOUNDS });
    },
  });
  /** A field's own change clears the server's word on it (a side change, all of them). */
  const clearServerError = (field: ContractField | 'side') => setServerErrors((e) => (field in e || field === 'side' ? {} : e));

  const closed = !instrument.tradingOpen;
  const notSet = t('trade.contract.notSet');
  const priceText = (value: string) => formatPrice(value, lang, terms.tickSize);

  return (
    <Form
      schema={schema}
      defaultValues={{
        side: 'buy',
        orderType: 'market',
        limitPrice: '',
        lots: '',
        leverage: terms.leverages[0] ?? 1,
        stopLoss: '',
        takeProfit: '',
      }}
      onSubmit={(_body, form) => {
        sentForm.current = form;
        setConfirmedAt(Date.now());
        ask();
      }}
      className={styles.form}
      testId="contract-form"
    >
      {(form) => {
        // The first wrong field takes focus: register them in the order they stand.
        for (const name of CONTRACT_FIELDS) if (name !== 'leverage') form.register(name);
        const values = form.watch();
        // The terms may change (read again): keep the chosen leverage only while it is still offered.
        const leverage = offeredLeverage(values.leverage, terms.leverages);
        const current = { ...values, leverage };
        const parsed = schema.safeParse(values);
        const body = parsed.success ? parsed.data : null;
        // Margin, fee and liquidation at the expected open: the limit for an order that waits (what is held).
        const openAt = expectedOpenPrice(current, price);
        const waits = waitsForLimit(current, price);
        const preview = openAt === null ? null : previewContract(current, terms, openAt);
        const errorOf = (field: ContractField) => serverErrors[field] ?? fieldError(form, field);
        /**
         * A text field's registration: stop loss and take profit are checked as they are typed (the price moves);
         * lots and the limit once left, then as they are typed.
         */
        const field = (name: TextField) =>
          form.register(name, {
            onChange: () => {
              clearServerError(name);
              if (name === 'stopLoss' || name === 'takeProfit' || form.getFieldState(name).isTouched) void form.trigger(name);
            },
            onBlur: () => {
              if (name === 'lots' || name === 'limitPrice') void form.trigger(name);
            },
          });
        // A limit order's stop loss and take profit are placed against its limit price.
        const hintGroup = values.orderType === 'limit' ? 'trade.limit' : 'trade.contract';
        const sideLabel = t(`trade.side.${values.side}`);

        return (
          <>
            <RecheckProtections form={form} against={JSON.stringify([price, values.side, values.orderType, values.limitPrice])} />
            <Choice
              label={t('trade.contract.side')}
              items={[
                { id: 'buy', label: t('trade.side.buy') },
                { id: 'sell', label: t('trade.side.sell') },
              ]}
              value={values.side}
              onChange={(side) => {
                form.setValue('side', side);
                clearServerError('side');
              }}
              tone={(side) => (side === 'buy' ? 'up' : 'down')}
              testIdPrefix="contract-side"
            />
            <Choice
              label={t('trade.limit.orderType')}
              items={[
                { id: 'market', label: t('trade.limit.market') },
                { id: 'limit', label: t('trade.limit.limit') },
              ]}
              value={values.orderType}
              onChange={(orderType) => form.setValue('orderType', orderType)}
              testIdPrefix="contract-type"
            />
            {values.orderType === 'limit' ? (
              <TradeField
                label={t('trade.limit.limitPrice')}
                hint={t(values.side === 'buy' ? 'trade.limit.hintBuy' : 'trade.limit.hintSell', { hours: TTL_HOURS })}
                error={errorOf('limitPrice')}
                errorTestId="contract-limit-price-error"
              >
                {(control) => <DecimalInput control={control} field={field('limitPrice')} testId="contract-limit-price" />}
              </TradeField>
            ) : null}
            <TradeField
              label={t('trade.contract.lots')}
              hint={
                <>
                  <span data-testid="contract-lot-bounds" data-min={terms.lots.min} data-step={terms.lots.step} data-max={terms.lots.max}>
                    {t('trade.contract.lotBounds', lotBounds)}
                  </span>{' '}
                  {t('trade.contract.lotSize', { size: formatDecimal(terms.contractSize, lang) })}
                </>
              }
              error={errorOf('lots')}
              errorValues={lotBounds}
              errorTestId="contract-lots-error"
            >
              {(control) => <DecimalInput control={control} field={field('lots')} testId="contract-lots" />}
            </TradeField>
            <TradeField label={t('trade.contract.leverage')} error={errorOf('leverage')} errorTestId="contract-leverage-error">
              {(control) => (
                <select
                  {...control}
                  className={formClasses.select}
                  value={leverage}
                  onChange={(e) => {
                    const chosen = terms.leverages.find((l) => String(l) === e.target.value);
                    if (chosen === undefined) return;
                    form.setValue('leverage', chosen);
                    clearServerError('leverage');
                  }}
                  data-testid="contract-leverage"
                >
                  {terms.leverages.map((l) => (
                    <option key={l} value={l}>
                      {t('trade.contract.leverageOption', { leverage: l })}
                    </option>
                  ))}
                </select>
              )}
            </TradeField>
            <ContractPreviewList preview={preview} price={price} tickSize={terms.tickSize} held={waits} />
            <div className={styles.pair}>
              {PROTECTIONS.map(({ field: name, testId }) => (
                <TradeField
                  key={name}
                  label={t(`trade.contract.${name}`)}
                  hint={t(`${hintGroup}.${name}Hint${values.side === 'buy' ? 'Buy' : 'Sell'}`)}
                  error={errorOf(name)}
                  errorTestId={`${testId}-error`}
                >
                  {(control) => (
                    <DecimalInput control={control} field={field(name)} placeholder={t('trade.contract.optional')} testId={testId} />
                  )}
                </TradeField>
              ))}
            </div>
            <SubmitArea
              kind="contract"
              order={order}
              closed={closed}
              up={values.side === 'buy'}
              label={t('trade.contract.submit', { side: sideLabel, code: instrument.code })}
            />

            {confirming ? (
              <OrderConfirm
                title={t('trade.contract.confirmTitle')}
                testId="contract-confirm"
                confirmLabel={t('trade.contract.confirm', { side: sideLabel })}
                {...dialog(body, closed)}
                note={
                  !body
                    ? t('trade.contract.confirmChanged')
                    : waits
                      ? t('trade.limit.confirmNote', { hours: TTL_HOURS })
                      : t('trade.contract.confirmNote')
                }
                rows={[
                  { label: t('trade.contract.instrument'), value: `${instrument.code} · ${instrument.name}`, testId: 'confirm-instrument' },
                  { label: t('trade.contract.side'), value: sideLabel, testId: 'confirm-side' },
                  {
                    label: t('trade.limit.orderType'),
                    value: t(values.orderType === 'limit' ? 'trade.limit.limit' : 'trade.limit.market'),
                    testId: 'confirm-order-type',
                  },
                  { label: t('trade.contract.lots'), value: body ? formatDecimal(body.lots, lang) : '—', testId: 'confirm-lots' },
                  {
                    label: t('trade.contract.leverage'),
                    value: t('trade.contract.leverageOption', { leverage }),
                    testId: 'confirm-leverage',
                  },
                  waits && openAt !== null
                    ? { label: t('trade.limit.limitPrice'), value: priceText(openAt), testId: 'confirm-limit-price' }
                    : { label: t('trade.contract.price'), value: priceText(price), testId: 'confirm-price' },
                  {
                    label: t('trade.contract.margin'),
                    value: preview ? <MoneyText value={preview.margin.toFixed()} /> : '—',
                    testId: 'confirm-margin',
                  },
                  {
                    label: t('trade.contract.fee'),
                    value: preview ? <MoneyText value={preview.fee.toFixed()} /> : '—',
                    testId: 'confirm-fee',
                  },
                  {
                    label: t(waits ? 'trade.limit.held' : 'trade.contract.total'),
                    value: preview ? <MoneyText value={preview.total.toFixed()} /> : '—',
                    testId: waits ? 'confirm-held' : 'confirm-total',
                  },
                  ...(waits
                    ? [
                        {
                          label: t('trade.limit.expires'),
                          value: formatDateTime(confirmedAt + PENDING_ORDER_TTL_MS, lang),
                          testId: 'confirm-expires',
                        },
                      ]
                    : []),
                  {
                    label: t('trade.contract.stopLoss'),
                    value: body?.stopLoss ? formatDecimal(body.stopLoss, lang, { max: 18 }) : notSet,
                    testId: 'confirm-stop-loss',
                  },
                  {
                    label: t('trade.contract.takeProfit'),
                    value: body?.takeProfit ? formatDecimal(body.takeProfit, lang, { max: 18 }) : notSet,
                    testId: 'confirm-take-profit',
                  },
                  {
                    label: t('trade.contract.liquidation'),
                    value: preview ? priceText(preview.liquidation.toFixed()) : '—',
                    testId: 'confirm-liquidation',
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
