import { queryOptions } from '@tanstack/react-query';
import type { IdentificationBody } from '@meridian/contracts';
import { kycEndpoints as kyc } from '@meridian/contracts/endpoints/kyc';
import type { ApiClient } from '@meridian/platform';
import { accountKeys } from '../../../api/account-queries.ts';

/** The identity verification calls (issue 26). */
export const kycApi = {
  submit: (api: ApiClient, body: IdentificationBody) => api.call(kyc.identification, { body }),
  /** An image of the caller's own latest submission, as an object URL for an <img>. */
  imageUrl: async (api: ApiClient, image: string, signal?: AbortSignal) =>
    URL.createObjectURL((await api.download(kyc.identificationImage, undefined, signal, { image })).blob),
};

export const kycQueries = {
  /** The status, the latest submission, its deadline and reason; a reviewer's decision refreshes it live (`user`). */
  status: (api: ApiClient, userId: string | null) =>
    queryOptions({
      queryKey: accountKeys.kyc(userId),
      queryFn: ({ signal }) => api.call(kyc.getIdentification, { signal }),
      enabled: userId !== null,
      staleTime: 0,
    }),
};
