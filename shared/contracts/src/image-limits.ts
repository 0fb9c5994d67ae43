/**
 * SPEC §5.2: the server refuses images above 2 MB; the picker takes up to 50 MB and downsizes. Once
 * decoded, an image may have at most `maxPixels` pixels and `maxSide` pixels on a side (the server checks
 * these from the header; the messages name them from here).
 */
export const IMAGE_LIMITS = {
  serverMaxBytes: 2 * 1024 * 1024,
  pickerMaxBytes: 50 * 1024 * 1024,
  maxPixels: 25_000_000,
  maxSide: 12_000,
} as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jp2'] as const;
