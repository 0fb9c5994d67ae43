import { afterEach, describe, expect, it, vi } from 'vitest';

const compress = vi.hoisted(() => vi.fn<(file: File) => Promise<Blob>>());
vi.mock('browser-image-compression', () => ({ default: compress }));

const { UPLOAD_FAILED_KEY, pickImage, prepareImage } = await import('./prepare-image.ts');

/** A file that starts like a PNG and is over the 2 MB upload limit, so the picker must reduce it. */
function bigPng(): File {
  const bytes = new Uint8Array(3 * 1024 * 1024);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  return new File([bytes], 'broken.png', { type: 'image/png' });
}

afterEach(() => compress.mockReset());

describe('the image picker when compression fails', () => {
  it('answers "upload failed, retry" when the browser cannot decode the image', async () => {
    compress.mockRejectedValue(new Error('The source image could not be decoded.'));
    await expect(prepareImage(bigPng())).resolves.toEqual({ ok: false, key: UPLOAD_FAILED_KEY });
    expect(UPLOAD_FAILED_KEY).toBe('errors.uploadFailed');
  });

  it('is busy while preparing and free again after a failure, and a second pick works', async () => {
    const busy: boolean[] = [];
    const outcomes: unknown[] = [];
    compress.mockRejectedValueOnce(new Error('decode failed'));
    await pickImage(
      bigPng(),
      (b) => busy.push(b),
      (o) => outcomes.push(o),
    );
    expect(busy).toEqual([true, false]);
    expect(outcomes).toEqual([{ ok: false, key: 'errors.uploadFailed' }]);

    compress.mockResolvedValueOnce(new Blob([new Uint8Array(1000)], { type: 'image/png' }));
    await pickImage(
      bigPng(),
      (b) => busy.push(b),
      (o) => outcomes.push(o),
    );
    expect(busy).toEqual([true, false, true, false]);
    expect(outcomes[1]).toMatchObject({ ok: true, name: 'broken.png' });
  });

  it('ends busy with "upload failed" even when preparing throws outright', async () => {
    const busy: boolean[] = [];
    const outcomes: unknown[] = [];
    await pickImage(
      bigPng(),
      (b) => busy.push(b),
      (o) => outcomes.push(o),
      () => Promise.reject(new Error('out of memory')),
    );
    expect(busy).toEqual([true, false]);
    expect(outcomes).toEqual([{ ok: false, key: 'errors.uploadFailed' }]);
  });
});
