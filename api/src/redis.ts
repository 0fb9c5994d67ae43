import { Redis } from 'ioredis';

/**
 * A Redis connection for the API (`REDIS_URL`): commands give up after 2 s instead of hanging, and a
 * lost connection is reported in the log at most every 10 s while ioredis reconnects by itself.
 */
export function createRedis(url: string): Redis {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, commandTimeout: 2000 });
  let lastLogged = 0;
  client.on('error', (error: Error) => {
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    console.error(`redis: ${error.message}; reconnecting`);
  });
  return client;
}

/** Connects the clients; when Redis does not answer, disconnects them and fails at once with a clear error. */
export async function connectRedis(...clients: Redis[]): Promise<void> {
  try {
    await Promise.all(clients.map((c) => c.connect()));
  } catch (error) {
    for (const c of clients) c.disconnect();
    throw new Error(`LIVE-001: Redis does not answer at the REDIS_URL given (${String(error)})`);
  }
}

/** A connected client for `REDIS_URL`, or undefined when it is not set. */
export async function redisFromEnv(env: NodeJS.ProcessEnv): Promise<Redis | undefined> {
  const url = env.REDIS_URL?.trim();
  if (!url) return undefined;
  const client = createRedis(url);
  await connectRedis(client);
  return client;
}
