/** SPEC §5.2: the server refuses images above 2 MB; the picker takes up to 50 MB and downsizes. */
export const IMAGE_LIMITS = { serverMaxBytes: 2 * 1024 * 1024, pickerMaxBytes: 50 * 1024 * 1024 } as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jp2'] as const;
