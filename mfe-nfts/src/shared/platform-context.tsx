import { createContext, useContext } from 'react';
import type { Platform } from '@meridian/platform';

const PlatformContext = createContext<Platform | null>(null);

export const PlatformProvider = PlatformContext.Provider;

/** The platform object the shell handed this remote (API client, live bus, navigation, toasts). */
export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('NFTS-001: usePlatform outside the nfts remote');
  return platform;
}
