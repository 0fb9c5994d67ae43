import imageCompression from 'browser-image-compression';
import { IMAGE_LIMITS, sniffImage } from '@meridian/contracts';

/** The result of checking a picked image: a blob ready to upload, or the message key to show. */
export type PreparedImage = { ok: true; blob: Blob; name: string } | { ok: false; key: string };

/**
 * SPEC §5.2: recognised by content; the picker takes up to 50 MB and the image is reduced to at most
 * 2 MB before upload. JPEG 2000 cannot be redrawn in a browser, so it must already be within 2 MB.
 */
export async function prepareImage(file: File): Promise<PreparedImage> {
  if (file.size > IMAGE_LIMITS.pickerMaxBytes) return { ok: false, key: 'validation.imageTooLarge' };
  const mime = sniffImage(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!mime) return { ok: false, key: 'validation.imageFormat' };
  if (file.size <= IMAGE_LIMITS.serverMaxBytes) return { ok: true, blob: file, name: file.name };
  if (mime === 'image/jp2') return { ok: false, key: 'validation.imageTooLarge' };
  const blob = await imageCompression(file, { maxSizeMB: 1.9, maxWidthOrHeight: 4096, useWebWorker: false, fileType: mime });
  if (blob.size > IMAGE_LIMITS.serverMaxBytes) return { ok: false, key: 'validation.imageTooLarge' };
  return { ok: true, blob, name: file.name };
}
