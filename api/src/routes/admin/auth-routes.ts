import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { operatorsEndpoints as operatorsApi } from '@meridian/contracts/endpoints/operators';
import { clientAddress } from '../../accounts/limits.ts';
import type { OperatorService } from '../../operators/operators.ts';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';

/** Sign-in and set-up are asked at most 10 times in 5 minutes from one address. */
const signInLimit = { config: { rateLimit: { max: 10, timeWindow: '5 minutes' } } };

const client = (request: FastifyRequest) => ({
  // An IP address, never a forwarded value that is not one (issue 31).
  ip: clientAddress(request),
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** Operator set-up (a one-time link), sign-in and sign-out, and who is signed in. */
export const authRoutes: FastifyPluginAsync<{ operators: OperatorService }> = async (app, { operators }) => {
  route(app, operatorsApi.getSetupInfo, async (request) => ok(await operators.setupInfo(request.body.token)), signInLimit);

  route(app, operatorsApi.completeSetup, async (request) => ok(await operators.completeSetup(request.body, client(request))), signInLimit);

  route(app, operatorsApi.signIn, async (request) => ok(await operators.signIn(request.body, client(request))), signInLimit);

  route(app, operatorsApi.signOut, async (request) => {
    const token = (request.headers.authorization ?? '').slice(7).trim();
    await operators.signOut(token, operatorOf(request));
    return ok(null);
  });

  route(app, operatorsApi.getMe, async (request) => ok(await operators.self(operatorOf(request))));
};
