import { useEffect } from 'react';
import { z } from 'zod';
import { SMART_CURRENCY, money, wholeNumber } from '@meridian/contracts';
import type { SmartProductView } from '@meridian/contracts';
import { smartProductBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { Form, TextField, useKitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
import type { SmartProductInput } from '../api/settings-api.ts';
import styles from './settings.module.css';

/** The product editor's fields as typed: text, and the on/off box. */
const smartProductFields = z.object({
  name: z.string(),
  termDays: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  dailyYieldPercent: z.string(),
  profitSharingDays: z.string(),
  earlyExitPenaltyPercent: z.string(),
  enabled: z.boolean(),
});
type SmartProductDraft = z.infer<typeof smartProductFields>;

/**
 * The editor's schema: the typed text converted to the contract's body and checked by it (`smartProductBody`,
 * as the API checks it: the term, the profit-sharing days within it, the amount range, yield and penalty;
 * days that are not whole numbers become NaN, which it refuses), each refusal under its field with the
 * contract's message key.
 */
export const smartProductForm = smartProductFields.transform((draft, ctx): SmartProductInput => {
  const parsed = smartProductBody.safeParse({
    ...draft,
    termDays: wholeNumber(draft.termDays),
    profitSharingDays: wholeNumber(draft.profitSharingDays),
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: draft });
  return z.NEVER;
});

/** The form's values for a product (its terms as text), or for a new one (the default early-exit penalty, on). */
function draftOf(product: SmartProductView | null, defaultPenaltyPercent: string): SmartProductDraft {
  if (!product)
    return {
      name: '',
      termDays: '',
      minAmount: '',
      maxAmount: '',
      dailyYieldPercent: '',
      profitSharingDays: '',
      earlyExitPenaltyPercent: defaultPenaltyPercent,
      enabled: true,
    };
  return {
    name: product.name,
    termDays: String(product.termDays),
    minAmount: product.minAmount,
    maxAmount: product.maxAmount,
    dailyYieldPercent: product.dailyYieldPercent,
    profitSharingDays: String(product.profitSharingDays),
    earlyExitPenaltyPercent: product.earlyExitPenaltyPercent,
    enabled: product.enabled,
  };
}

/** Whether the body is the product's terms as they are (amounts compared as decimals: 100 is 100.00). */
function unchanged(product: SmartProductView, body: SmartProductInput): boolean {
  const same = (a: string, b: string) => money(a).eq(b);
  return (
    body.name === product.name &&
    body.termDays === product.termDays &&
    body.profitSharingDays === product.profitSharingDays &&
    body.enabled === product.enabled &&
    same(body.minAmount, product.minAmount) &&
    same(body.maxAmount, product.maxAmount) &&
    same(body.dailyYieldPercent, product.dailyYieldPercent) &&
    same(body.earlyExitPenaltyPercent, product.earlyExitPenaltyPercent)
  );
}

/**
 * Adds a smart plan product (`product` null) or edits one: every term, checked with the contract's
 * rule, sent by `onSave` as the contract's body; the same terms again are refused (nothing to audit).
 */
export function SmartProductForm({
  product,
  defaultPenaltyPercent,
  onSave,
  onCancel,
}: {
  product: SmartProductView | null;
  defaultPenaltyPercent: string;
  onSave: (body: SmartProductInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useT(NAMESPACE);
  const form = useKitForm(smartProductForm, draftOf(product, defaultPenaltyPercent));
  useEffect(() => form.setFocus('name'), [form]);
  const rootError = form.formState.errors.root?.message;
  const number = { dir: 'ltr', autoComplete: 'off' } as const;

  return (
    <Form
      form={form}
      onSubmit={async (body) => {
        if (product && unchanged(product, body)) return form.setError('root', { message: 'backoffice:settings.unchanged' });
        await onSave(body);
      }}
      className={`${adminStyles.panel} ${adminStyles.stack}`}
      aria-label={product ? t('settings.smart.editTitle', { name: product.name }) : t('settings.smart.addTitle')}
      testId="smart-product-form"
    >
      {(_, { failure, submitting }) => (
        <>
          <h3 className={styles.formTitle}>
            {product ? t('settings.smart.editTitle', { name: product.name }) : t('settings.smart.addTitle')}
          </h3>
          <div className={styles.smartFields}>
            <TextField
              form={form}
              name="name"
              label={t('settings.smart.name')}
              maxLength={60}
              autoComplete="off"
              testId="smart-product-name"
            />
            <TextField
              form={form}
              name="termDays"
              label={t('settings.smart.termDays')}
              inputMode="numeric"
              {...number}
              testId="smart-product-term"
            />
            <TextField
              form={form}
              name="minAmount"
              label={t('settings.smart.minAmount', { currency: SMART_CURRENCY })}
              inputMode="decimal"
              {...number}
              testId="smart-product-min"
            />
            <TextField
              form={form}
              name="maxAmount"
              label={t('settings.smart.maxAmount', { currency: SMART_CURRENCY })}
              inputMode="decimal"
              {...number}
              testId="smart-product-max"
            />
            <TextField
              form={form}
              name="dailyYieldPercent"
              label={t('settings.smart.dailyYield')}
              inputMode="decimal"
              {...number}
              testId="smart-product-yield"
            />
            <TextField
              form={form}
              name="profitSharingDays"
              label={t('settings.smart.sharingDays')}
              hint={t('settings.smart.sharingHint')}
              inputMode="numeric"
              {...number}
              testId="smart-product-sharing"
            />
            <TextField
              form={form}
              name="earlyExitPenaltyPercent"
              label={t('settings.smart.penalty')}
              inputMode="decimal"
              {...number}
              testId="smart-product-penalty"
            />
          </div>
          <label className={adminStyles.check}>
            <input type="checkbox" {...form.register('enabled')} data-testid="smart-product-enabled" />
            {t('settings.smart.enabledLabel')}
          </label>
          {rootError ? (
            <p className={adminStyles.fieldError} role="alert" data-testid="smart-product-unchanged">
              {t(rootError)}
            </p>
          ) : null}
          <ErrorMessage error={failure} testId="smart-product-failure" />
          <div className={adminStyles.cluster}>
            <Button type="submit" disabled={submitting} aria-busy={submitting || undefined} data-testid="smart-product-save">
              {submitting ? t('ui.working') : product ? t('settings.smart.save') : t('settings.smart.addSave')}
            </Button>
            <Button variant="secondary" onClick={onCancel} data-testid="smart-product-cancel">
              {t('ui.cancel')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
