import { BarChart3, Gem, HandCoins, House, LineChart, UserRound } from 'lucide-react';
import type { NavKey } from '../routes.ts';

export const NAV_ICONS: Record<NavKey, typeof House> = {
  home: House,
  market: BarChart3,
  trading: LineChart,
  loan: HandCoins,
  nfts: Gem,
  profile: UserRound,
};
