import { queryOptions } from '@tanstack/react-query';
import { nftEndpoints as nfts } from '@meridian/contracts/endpoints/nfts';
import type { charityBody, nftBody } from '@meridian/contracts/schemas';
import type { z } from 'zod';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

const listNftsAdmin = (signal: AbortSignal) => adminApi.call(nfts.listNftsAdmin, { signal });
export type NftsAdmin = Awaited<ReturnType<typeof listNftsAdmin>>;

/** Every charity (with what it raised, from the ledger) and every NFT with its auction, newest first. */
export const nftsAdminQueryOptions = () => queryOptions({ queryKey: adminKeys.nfts(), queryFn: ({ signal }) => listNftsAdmin(signal) });

/** A charity as sent (the contract's body, parsed). */
export type CharityInput = z.output<typeof charityBody>;
/** An NFT listing as sent (the contract's body, parsed). */
export type NftInput = z.output<typeof nftBody>;

/** Adds a charity (audited). */
export const createCharity = (body: CharityInput) => adminApi.call(nfts.createCharity, { body });

/** Changes a charity's name, description or link (audited). */
export const updateCharity = (id: number, body: CharityInput) => adminApi.call(nfts.updateCharity, { params: { id }, body });

/** Lists an NFT for a charity: its auction starts at once and ends after the hours given (audited). */
export const createNft = (body: NftInput) => adminApi.call(nfts.createNft, { body });
