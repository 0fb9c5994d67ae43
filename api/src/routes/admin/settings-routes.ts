import type { FastifyPluginAsync } from 'fastify';
import { settingsEndpoints as settingsApi } from '@meridian/contracts/endpoints/settings';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { SettingsAdmin } from '../../settings/settings-admin.ts';

/** The site's settings and products (options products, instrument halts): admins change them, auditors read them. */
export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsAdmin }> = async (app, { settings }) => {
  route(app, settingsApi.listSettings, async () => ok(await settings.list()));

  route(app, settingsApi.updateSetting, async (request) =>
    ok(await settings.update(operatorOf(request), request.params.key, request.body.value)),
  );

  route(app, settingsApi.listProducts, async () => ok(await settings.products()));

  route(app, settingsApi.updateOptionsProduct, async (request) =>
    ok(await settings.updateOptionsProduct(operatorOf(request), request.params.id, request.body)),
  );

  route(app, settingsApi.updateInstrument, async (request) =>
    ok(await settings.updateInstrument(operatorOf(request), request.params.id, request.body.halted)),
  );
};
