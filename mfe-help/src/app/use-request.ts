import { useCallback, useEffect, useState } from 'react';

export type RequestState<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; error: unknown };

/** Runs a request when its inputs change; aborts the stale one; `retry` runs it again. */
export function useRequest<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): RequestState<T> & { retry: () => void } {
  const [state, setState] = useState<RequestState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists the inputs of `load`
  const run = useCallback(load, deps);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    run(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ok', data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [run, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
