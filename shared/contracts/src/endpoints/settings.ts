import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections.ts';
import { ADMIN_API } from '../api-paths.ts';
import {
  instrumentView,
  listProductsResult,
  listSettingsResult,
  numericIdParams,
  optionsProductView,
  settingKeyParams,
  settingView,
  updateInstrumentBody,
  updateOptionsProductBody,
  updateSettingBody,
} from '../backoffice.ts';

/** The site's settings and its products (options products, instrument halts), as the back-office changes them. */
export const settingsEndpoints = defineEndpoints('settings', {
  listSettings: {
    method: 'GET',
    path: `${ADMIN_API}/settings`,
    summary: 'Every setting with its value, when it last changed and whether customers read it',
    result: listSettingsResult,
    callers: BACKOFFICE_SECTIONS.settings.readers,
  },
  updateSetting: {
    method: 'PUT',
    path: `${ADMIN_API}/settings/:key`,
    summary: "Changes a setting's value (checked against the setting's rule; audited)",
    params: settingKeyParams,
    body: updateSettingBody,
    result: settingView,
    callers: BACKOFFICE_SECTIONS.settings.writers,
  },
  listProducts: {
    method: 'GET',
    path: `${ADMIN_API}/products`,
    summary: 'The options products and the listed instruments, with their halts',
    result: listProductsResult,
    callers: BACKOFFICE_SECTIONS.settings.readers,
  },
  updateOptionsProduct: {
    method: 'PUT',
    path: `${ADMIN_API}/products/options/:id`,
    summary: "Changes an options product's payout, stake bounds or availability",
    params: numericIdParams,
    body: updateOptionsProductBody,
    result: optionsProductView,
    callers: BACKOFFICE_SECTIONS.settings.writers,
    refusals: { 404: z.null() },
  },
  updateInstrument: {
    method: 'PUT',
    path: `${ADMIN_API}/products/instruments/:id`,
    summary: 'Halts (or resumes) new orders on an instrument for everyone; closing stays possible',
    params: numericIdParams,
    body: updateInstrumentBody,
    result: instrumentView,
    callers: BACKOFFICE_SECTIONS.settings.writers,
    refusals: { 404: z.null() },
  },
});
