import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@meridian/platform';
import { CharitiesPage } from '../features/charities/components/charities-page.tsx';
import { CharityPage } from '../features/charities/components/charity-page.tsx';
import { MarketPage } from '../features/market/components/market-page.tsx';
import { MyNftsPage } from '../features/my-nfts/components/my-nfts-page.tsx';
import { NftDetailPage } from '../features/nft-detail/components/nft-detail-page.tsx';
import { PlatformProvider } from '../shared/platform-context.tsx';

/** Charity NFTs (issue 28): the market, an NFT and its auction, my NFTs, the charities — all under `/nfts`. */
export function App({ platform }: RemoteProps) {
  return (
    <PlatformProvider value={platform}>
      <BrowserRouter>
        <Routes>
          <Route path="/nfts/mine" element={<MyNftsPage />} />
          <Route path="/nfts/charities" element={<CharitiesPage />} />
          <Route path="/nfts/charities/:id" element={<CharityPage />} />
          <Route path="/nfts/:id" element={<NftDetailPage />} />
          <Route path="*" element={<MarketPage />} />
        </Routes>
      </BrowserRouter>
    </PlatformProvider>
  );
}
