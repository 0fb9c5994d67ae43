/** Content types of SPEC §3: 1 company, 2 policy, 3 statements/links, 4 contact. */
export const CONTENT_TYPES = [1, 2, 3, 4] as const;
