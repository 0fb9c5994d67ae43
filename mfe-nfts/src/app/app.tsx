import type { RemoteProps } from '@meridian/platform';
import { PlannedRemotePage } from '@meridian/ui';
import { NAMESPACE } from '../locales/load-namespace.ts';

/** Charity NFTs: the planned page at every path of this remote's prefixes, until the feature lands. */
export function App(_props: RemoteProps) {
  return <PlannedRemotePage namespace={NAMESPACE} page="nfts" testId="mfe-nfts-page" />;
}
