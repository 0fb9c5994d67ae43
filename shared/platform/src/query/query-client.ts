import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';

/**
 * The page's one QueryClient (the platform is a shared singleton, so every remote and the shell use
 * this instance): a call made by two parts on one page is fetched once and cached once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (4xx, a coded answer) will not change by asking again; a network failure may.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.code !== 'network' && error.code !== 'timeout'),
    },
  },
});
