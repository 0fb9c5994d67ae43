import { queryOptions } from '@tanstack/react-query';
import type { ParamKey } from '@meridian/contracts';
import { settingsEndpoints as settings } from '@meridian/contracts/endpoints/settings';
import { smartEndpoints as smart } from '@meridian/contracts/endpoints/smart';
import type { smartProductBody } from '@meridian/contracts/schemas';
import type { z } from 'zod';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

const listSettings = (signal: AbortSignal) => adminApi.call(settings.listSettings, { signal });
export type SettingRow = Awaited<ReturnType<typeof listSettings>>[number];

export const settingsQueryOptions = () => queryOptions({ queryKey: adminKeys.settings(), queryFn: ({ signal }) => listSettings(signal) });

export const updateSetting = (key: ParamKey, value: string) => adminApi.call(settings.updateSetting, { params: { key }, body: { value } });

const listProducts = (signal: AbortSignal) => adminApi.call(settings.listProducts, { signal });

export const productsQueryOptions = () => queryOptions({ queryKey: adminKeys.products(), queryFn: ({ signal }) => listProducts(signal) });

export const updateOptionsProduct = (id: number, body: { payoutPercent: string; minStake: string; maxStake: string; enabled: boolean }) =>
  adminApi.call(settings.updateOptionsProduct, { params: { id }, body });

/** Halts (or resumes) new orders on an instrument for everyone. */
export const updateInstrument = (id: number, halted: boolean) =>
  adminApi.call(settings.updateInstrument, { params: { id }, body: { halted } });

const listSmartProducts = (signal: AbortSignal) => adminApi.call(smart.listSmartProductsAdmin, { signal });
export type SmartProductsAdmin = Awaited<ReturnType<typeof listSmartProducts>>;

/** The smart plan products with every term, and the default early-exit penalty a new product starts from. */
export const smartProductsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.smartProducts(), queryFn: ({ signal }) => listSmartProducts(signal) });

/** A smart plan product's terms as sent (the contract's body, parsed). */
export type SmartProductInput = z.output<typeof smartProductBody>;

/** Adds a smart plan product (audited). */
export const createSmartProduct = (body: SmartProductInput) => adminApi.call(smart.createSmartProduct, { body });

/** Changes a smart plan product's terms or availability for new plans; running plans keep theirs (audited). */
export const updateSmartProduct = (id: number, body: SmartProductInput) =>
  adminApi.call(smart.updateSmartProduct, { params: { id }, body });
