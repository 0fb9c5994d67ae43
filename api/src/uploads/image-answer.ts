import type { FastifyReply } from 'fastify';

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/jp2': 'jp2' };

/**
 * An uploaded image as an answer (issue 14), for the visitor and the operators alike: the stored
 * (re-encoded) bytes under their own type, never sniffed, and should the answer be opened as a page
 * rather than drawn in an <img>, a sandboxed document that may load and run nothing.
 */
export function sendImage(reply: FastifyReply, imageId: string, image: { mime: string; data: Buffer }, cacheControl: string): FastifyReply {
  const extension = EXTENSION[image.mime] ?? 'bin';
  return reply
    .header('Cache-Control', cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', `inline; filename="${imageId}.${extension}"`)
    .type(image.mime)
    .send(image.data);
}
