import { queryOptions } from '@tanstack/react-query';
import type { ParamKey } from '@meridian/contracts';
import { settingsEndpoints as settings } from '@meridian/contracts/endpoints/settings';
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
