// The readable sign-in message a Tron wallet signs (signMessageV2). Ethereum wallets sign EIP-4361
// (the `siwe` package builds and parses those); Tron has no such standard, so this one keeps the same
// lines and order, and client and server share the one builder and parser below.

/** The fields of a wallet sign-in message. */
export interface WalletSignInFields {
  /** The host that asks for the signature (EIP-4361 domain). */
  domain: string;
  address: string;
  statement: string;
  /** The site origin (EIP-4361 URI). */
  uri: string;
  nonce: string;
  issuedAt: string;
  expiresAt: string;
}

/** The message text a Tron wallet is asked to sign. */
export function tronSignInMessage(f: WalletSignInFields): string {
  return [
    `${f.domain} wants you to sign in with your Tron account:`,
    f.address,
    '',
    f.statement,
    '',
    `URI: ${f.uri}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    `Expiration Time: ${f.expiresAt}`,
  ].join('\n');
}

const TRON_MESSAGE =
  /^(?<domain>[^\s]+) wants you to sign in with your Tron account:\n(?<address>T[1-9A-HJ-NP-Za-km-z]{33})\n\n(?<statement>[^\n]+)\n\nURI: (?<uri>[^\s]+)\nNonce: (?<nonce>[A-Za-z0-9]{8,64})\nIssued At: (?<issuedAt>[0-9TZ:.-]+)\nExpiration Time: (?<expiresAt>[0-9TZ:.-]+)$/;

/** Reads a Tron sign-in message back into its fields; null when it is not one, to the letter. */
export function parseTronSignInMessage(message: string): WalletSignInFields | null {
  const m = TRON_MESSAGE.exec(message);
  if (!m?.groups) return null;
  const f = m.groups as unknown as WalletSignInFields;
  return tronSignInMessage(f) === message ? f : null;
}
