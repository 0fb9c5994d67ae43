// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createIntentKeys, sendWithIntentKey, useIdempotentMutation } from './use-idempotent-mutation.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Mutation = ReturnType<typeof useIdempotentMutation<{ amount: string }, string>>;

const mounted: (() => void)[] = [];
afterEach(() => mounted.splice(0).forEach((unmount) => unmount()));

/** Renders the hook with a send that answers from `answers` in turn and records the keys it got. */
function renderMutation(answers: (string | Error)[], signature?: (variables: { amount: string }) => string) {
  const keys: string[] = [];
  let counter = 0;
  const view: { current: Mutation | null } = { current: null };
  function Probe() {
    view.current = useIdempotentMutation<{ amount: string }, string>({
      makeKey: () => `key-${++counter}`,
      signature,
      send: async (_variables, key) => {
        keys.push(key);
        const answer = answers.shift();
        if (answer instanceof Error) throw answer;
        return answer ?? 'ok';
      },
    });
    return null;
  }
  const root = createRoot(document.createElement('div'));
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  act(() => root.render(createElement(QueryClientProvider, { client }, createElement(Probe))));
  mounted.push(() => act(() => root.unmount()));
  const send = (amount: string) =>
    act(async () => {
      await view.current!.mutateAsync({ amount }).catch(() => undefined);
      // TanStack Query tells its observers on a timer.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { keys, send, view };
}

const timeout = () => Object.assign(new Error('timeout'), { code: 'timeout' });
const refusal = () => Object.assign(new Error('10011'), { code: '10011', status: 400 });

describe('useIdempotentMutation', () => {
  it('sends the same key again when the same intent is retried after an uncertain failure', async () => {
    const { keys, send, view } = renderMutation([timeout(), 'done']);
    await send('10');
    expect(view.current!.pendingSignature).toBe(JSON.stringify({ amount: '10' }));
    await send('10');
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(view.current!.pendingSignature).toBeNull();
  });

  it('makes a new key after a success, after a definite refusal and for a different intent', async () => {
    const { keys, send } = renderMutation(['done', refusal(), timeout(), 'done']);
    await send('10');
    await send('10');
    await send('10');
    await send('11');
    expect(keys).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
  });
});

describe('useIdempotentMutation with a signature', () => {
  it('names the kept intent by the signature and reuses its key for any send with the same signature', async () => {
    let mode = 'demo';
    const { keys, send, view } = renderMutation([timeout(), timeout(), 'done'], (v) => JSON.stringify([mode, v.amount]));
    await send('10');
    expect(view.current!.pendingSignature).toBe(JSON.stringify(['demo', '10']));
    mode = 'live';
    await send('10');
    expect(view.current!.pendingSignature).toBe(JSON.stringify(['live', '10']));
    await send('10');
    expect(keys).toEqual(['key-1', 'key-2', 'key-2']);
    expect(view.current!.pendingSignature).toBeNull();
  });
});

describe('sendWithIntentKey', () => {
  it('sends with the kept key, keeps it through an uncertain failure and ends it on a definite answer', async () => {
    let n = 0;
    const keys = createIntentKeys(() => `k${++n}`);
    const sent: string[] = [];
    const fail = (error: unknown) => (key: string) => {
      sent.push(key);
      return Promise.reject(error);
    };
    await expect(sendWithIntentKey(keys, 'a', fail(timeout()))).rejects.toMatchObject({ code: 'timeout' });
    expect(keys.pending()).toBe('a');
    await expect(sendWithIntentKey(keys, 'a', fail(refusal()))).rejects.toMatchObject({ code: '10011' });
    expect(keys.pending()).toBeNull();
    await expect(sendWithIntentKey(keys, 'a', async (key) => (sent.push(key), 'ok'))).resolves.toBe('ok');
    expect(sent).toEqual(['k1', 'k1', 'k2']);
    expect(keys.pending()).toBeNull();
  });
});

describe('createIntentKeys', () => {
  it('keeps the key through a 5xx and drops it on success', () => {
    let n = 0;
    const keys = createIntentKeys(() => `k${++n}`);
    expect(keys.keyFor('a')).toBe('k1');
    keys.settle({ status: 503 });
    expect(keys.keyFor('a')).toBe('k1');
    keys.settle();
    expect(keys.pending()).toBeNull();
    expect(keys.keyFor('a')).toBe('k2');
  });
});
