import imageCompression from 'browser-image-compression';
import { IMAGE_LIMITS, sniffImage } from '@meridian/contracts';
import { uploadsEndpoints } from '@meridian/contracts/endpoints/uploads';
import type { ApiClient } from '@meridian/platform';

/** SPEC §7 "upload failed, retry": the image could not be read or reduced in this browser. */
export const UPLOAD_FAILED_KEY = 'errors.uploadFailed';

/** The result of checking a picked image: a blob ready to upload, or the message key to show. */
export type PreparedImage = { ok: true; blob: Blob; name: string } | { ok: false; key: string };

/**
 * SPEC §5.2: recognised by content; the picker takes up to 50 MB and the image is reduced to at most
 * 2 MB before upload. JPEG 2000 cannot be redrawn in a browser, so it must already be within 2 MB.
 */
/**
 * One pick: busy while the image is prepared, then its outcome, and never stuck busy: whatever fails
 * ends in "upload failed, retry" with the picker free again.
 */
export async function pickImage(
  file: File,
  setBusy: (busy: boolean) => void,
  onChange: (image: PreparedImage) => void,
  prepare: (file: File) => Promise<PreparedImage> = prepareImage,
): Promise<void> {
  setBusy(true);
  try {
    onChange(await prepare(file));
  } catch {
    onChange({ ok: false, key: UPLOAD_FAILED_KEY });
  } finally {
    setBusy(false);
  }
}

export async function prepareImage(file: File): Promise<PreparedImage> {
  if (file.size > IMAGE_LIMITS.pickerMaxBytes) return { ok: false, key: 'validation.imageTooLarge' };
  const mime = sniffImage(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!mime) return { ok: false, key: 'validation.imageFormat' };
  if (file.size <= IMAGE_LIMITS.serverMaxBytes) return { ok: true, blob: file, name: file.name };
  if (mime === 'image/jp2') return { ok: false, key: 'validation.imageTooLarge' };
  let blob: Blob;
  try {
    blob = await imageCompression(file, { maxSizeMB: 1.9, maxWidthOrHeight: 4096, useWebWorker: false, fileType: mime });
  } catch {
    // A file that looks like an image but does not decode (damaged, truncated): the user may pick another.
    return { ok: false, key: UPLOAD_FAILED_KEY };
  }
  if (blob.size > IMAGE_LIMITS.serverMaxBytes) return { ok: false, key: 'validation.imageTooLarge' };
  return { ok: true, blob, name: file.name };
}

/** Uploads a prepared image (`uploadImage`, multipart) through the part's API client: its id, to attach to what is sent next. */
export async function uploadImage(api: ApiClient, image: Blob, name: string, options: { private?: boolean } = {}): Promise<string> {
  const form = new FormData();
  form.append('file', image, name);
  // Identity photos and signatures go to the private upload: encrypted at rest, readable by their owner and the reviewer.
  return (await api.upload(options.private ? uploadsEndpoints.uploadPrivateImage : uploadsEndpoints.uploadImage, form)).id;
}
