import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@meridian/contracts';
import type { ParamKey } from '@meridian/contracts';
import { listProductsResult, listSettingsResult, optionsProductView, settingView } from '@meridian/contracts/schemas';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

export const listSettings = (signal: AbortSignal) => adminApi.get(ADMIN_PATHS.listSettings, { result: listSettingsResult, signal });
export type SettingRow = Awaited<ReturnType<typeof listSettings>>[number];

export const settingsQueryOptions = () => queryOptions({ queryKey: adminKeys.settings(), queryFn: ({ signal }) => listSettings(signal) });

export const updateSetting = (key: ParamKey, value: string) =>
  adminApi.request(ADMIN_PATHS.updateSetting(key), { method: 'PUT', body: { value }, result: settingView });

export const listProducts = (signal: AbortSignal) => adminApi.get(ADMIN_PATHS.listProducts, { result: listProductsResult, signal });
export type ProductsResult = Awaited<ReturnType<typeof listProducts>>;

export const productsQueryOptions = () => queryOptions({ queryKey: adminKeys.products(), queryFn: ({ signal }) => listProducts(signal) });

export const updateOptionsProduct = (id: number, body: { payoutPercent: string; minStake: string; maxStake: string; enabled: boolean }) =>
  adminApi.request(ADMIN_PATHS.updateOptionsProduct(id), { method: 'PUT', body, result: optionsProductView });

/** Halts (or resumes) new orders on an instrument for everyone. */
export const updateInstrument = (id: number, halted: boolean) =>
  adminApi.request(ADMIN_PATHS.updateInstrument(id), {
    method: 'PUT',
    body: { halted },
    result: listProductsResult.shape.instruments.element,
  });
