// Test wallets for the browser: an EIP-1193 provider announced through EIP-6963 and a TronLink-shaped
// object. The keys stay in Node (ethers Wallet, tronweb); the page reaches them through exposed
// functions, so every signature is real and the server verifies it as it would any wallet's.
import type { Page } from '@playwright/test';
import { Wallet, getBytes } from 'ethers';
import type { BaseWallet } from 'ethers';
import { TronWeb, Trx } from 'tronweb';

/** What the page asked of a wallet: the methods, in order (SPEC §0 rule 1 allows accounts and one signature). */
export async function walletCalls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls ?? []);
}

export interface EthereumWalletOptions {
  /** The person declines the signature. */
  rejectSignature?: boolean;
}

export async function injectEthereumWallet(page: Page, wallet: BaseWallet, options: EthereumWalletOptions = {}): Promise<void> {
  await page.exposeFunction('__e2eEthSign', (hex: string) => wallet.signMessage(getBytes(hex)));
  await page.addInitScript(
    ({ address, rejectSignature }) => {
      const calls: string[] = [];
      (window as unknown as { __walletCalls: string[] }).__walletCalls = calls;
      const sign = (window as unknown as { __e2eEthSign: (hex: string) => Promise<string> }).__e2eEthSign;
      const provider = {
        request: async ({ method, params }: { method: string; params?: unknown[] }) => {
          calls.push(method);
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return [address.toLowerCase()];
            case 'eth_chainId':
              return '0x1';
            case 'personal_sign':
              if (rejectSignature) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
              return sign(String(params?.[0]));
            default:
              throw Object.assign(new Error(`The test wallet does not support ${method}`), { code: 4200 });
          }
        },
      };
      const info = {
        uuid: '5c1f8a1e-0e7b-4f62-9d3c-7f1e2a4b9c10',
        name: 'Test Wallet',
        icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiPjxyZWN0IHdpZHRoPSIxIiBoZWlnaHQ9IjEiIGZpbGw9IiM2MzY2ZjEiLz48L3N2Zz4=',
        rdns: 'test.meridian.wallet',
      };
      const announce = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { address: wallet.address, rejectSignature: options.rejectSignature ?? false },
  );
}

/** A fresh Tron key pair: tronweb derives the base58 address from the private key. */
export function newTronAccount(): { privateKey: string; address: string } {
  const privateKey = Wallet.createRandom().privateKey.slice(2);
  return { privateKey, address: TronWeb.address.fromPrivateKey(privateKey) as string };
}

export async function injectTronLink(page: Page, account: { privateKey: string; address: string }): Promise<void> {
  await page.exposeFunction('__e2eTronSign', (message: string) => Trx.signMessageV2(message, account.privateKey));
  await page.addInitScript(
    ({ address }) => {
      const calls: string[] = [];
      (window as unknown as { __walletCalls: string[] }).__walletCalls = calls;
      const sign = (window as unknown as { __e2eTronSign: (message: string) => Promise<string> }).__e2eTronSign;
      const tronWeb = {
        defaultAddress: { base58: address },
        fullNode: { host: 'https://api.trongrid.io' },
        trx: {
          signMessageV2: (message: string) => {
            calls.push('signMessageV2');
            return sign(message);
          },
        },
      };
      const w = window as unknown as { tronLink: unknown; tronWeb: unknown };
      w.tronLink = {
        ready: true,
        tronWeb,
        request: async ({ method }: { method: string }) => {
          calls.push(method);
          return { code: 200, message: 'The site is already in the whitelist' };
        },
      };
      w.tronWeb = tronWeb;
    },
    { address: account.address },
  );
}
