import { useCallback, useState } from 'react';
import { useAccountMode } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { useOrderFeedback } from '../../../shared/order-feedback.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';

/**
 * An order form from its valid submit to the answer: the confirmation opens (`ask`), the order is sent
 * once from it (one Idempotency-Key per order and account mode, kept for a retry after an uncertain
 * failure), the dialog closes on the answer, a success says so and a refusal says why.
 */
export function useConfirmedOrder<B, R>({
  send,
  placedText,
  onPlaced,
  onRefused,
}: {
  send: (api: ApiClient, body: B, idempotencyKey: string) => Promise<R>;
  /** The toast once the order is placed. */
  placedText: (result: R) => string;
  onPlaced?: (result: R) => void;
  onRefused?: (error: Error) => void;
}) {
  const { api } = usePlatform();
  const mode = useAccountMode();
  const feedback = useOrderFeedback();
  const [confirming, setConfirming] = useState(false);
  const order = useIdempotentMutation<B, R>({
    signature: (body) => JSON.stringify([mode, body]),
    send: (body, key) => send(api, body, key),
    onSuccess: (result) => {
      setConfirming(false);
      onPlaced?.(result);
      feedback.succeeded(placedText(result));
    },
    onError: (error) => {
      setConfirming(false);
      onRefused?.(error);
      feedback.failed(error);
    },
  });
  const cancel = useCallback(() => setConfirming(false), []);
  return {
    order,
    confirming,
    ask: () => setConfirming(true),
    /** The confirmation's state and actions: it sends `body` unless the terms no longer allow it (`null`, or the market closed). */
    dialog: (body: B | null, closed: boolean) => ({
      busy: order.isPending,
      disabled: body === null || closed,
      onClose: cancel,
      onConfirm: () => {
        if (body) order.mutate(body);
      },
    }),
  };
}
