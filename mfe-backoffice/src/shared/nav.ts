import { BACKOFFICE_SECTION_LIST } from '@meridian/contracts';
import type { BackofficeSectionKey, OperatorRole } from '@meridian/contracts';

/** Where a section lives in the site: `/admin`, or `/admin/<path>`. */
const sectionPath = (path: string) => (path ? `/admin/${path}` : '/admin');

/**
 * The back-office sections in nav order, from the one table of @meridian/contracts (BACKOFFICE_SECTIONS):
 * who sees each is exactly who the API answers for its reads.
 */
export const NAV_SECTIONS: readonly { path: string; key: BackofficeSectionKey; roles: readonly OperatorRole[] }[] =
  BACKOFFICE_SECTION_LIST.map((section) => ({ path: sectionPath(section.path), key: section.key, roles: section.readers }));
