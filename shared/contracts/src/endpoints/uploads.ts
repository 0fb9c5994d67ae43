import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import { uploadResult } from '../support.ts';

/** Images uploaded to be attached to a message (issue 14). */
export const uploadsEndpoints = defineEndpoints('uploads', {
  uploadImage: {
    method: 'POST',
    path: `${CUSTOMER_API}/upload/image`,
    summary: 'Stores an image (PNG, JPEG or JPEG 2000) re-encoded without metadata, for its uploader to attach to a message',
    description:
      'The body is `multipart/form-data` with one file part, read by the multipart parser rather than a schema. ' +
      'The image belongs to the signed-in user or, without one, to the browser (a visitor cookie is set when it has none).',
    result: uploadResult,
    callers: 'anonymous',
    limited: true,
  },
  uploadPrivateImage: {
    method: 'POST',
    path: `${CUSTOMER_API}/upload/private-image`,
    summary:
      'Stores an identity photo or a drawn signature (PNG, JPEG or JPEG 2000), re-encoded without metadata and encrypted at rest, for its signed-in uploader to attach to a verification or a loan',
    description:
      'The body is `multipart/form-data` with one file part. Only the uploader (through their own submission) and `reviewer` operators can read it back.',
    result: uploadResult,
    callers: 'customer',
    limited: true,
  },
});
