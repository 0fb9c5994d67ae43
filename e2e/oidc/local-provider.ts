// A local OpenID Connect provider for the social-login journeys (the `oidc-provider` package, with its
// development sign-in pages: any login and password are accepted). `npm test` starts it on loopback
// and points the site's Google provider at it. Run alone:
//   node --import tsx e2e/oidc/local-provider.ts <port> <client id> <client secret> <redirect uri>…
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

/** What the provider says of whoever signs in as `login`: an email login keeps its address. */
function claimsOf(login: string) {
  const email = login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@oidc.test`;
  return { sub: `sub-${login.toLowerCase()}`, email, email_verified: true, name: login };
}

export function startLocalProvider(port: number, client: { id: string; secret: string }, redirectUris: string[]) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsOf(id.replace(/^sub-/, '')) }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['local-oidc-cookie-key-0123456789'] },
  });
  const server = createServer(provider.callback());
  server.listen(port, '127.0.0.1');
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [port, id, secret, ...redirectUris] = process.argv.slice(2);
  const { issuer } = startLocalProvider(Number(port), { id: id!, secret: secret! }, redirectUris);
  console.log(`local OpenID provider on ${issuer}`);
}
