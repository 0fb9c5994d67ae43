/** @fastify/static 10 hands `setHeaders` the fastify reply (older versions: the raw response). */
export function setHeader(res: unknown, name: string, value: string): void {
  const target = res as { header?: (n: string, v: string) => void; setHeader?: (n: string, v: string) => void };
  if (typeof target.header === 'function') target.header(name, value);
  else target.setHeader?.(name, value);
}
