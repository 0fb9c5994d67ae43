import { API_PATHS } from '@meridian/contracts';
import { searchHelpResult } from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';

export const searchHelp = (api: ApiClient, lang: 1 | 2, q: string, signal: AbortSignal) =>
  api.get(API_PATHS.searchHelp(lang), { result: searchHelpResult, query: { q }, signal });
