/** Time spans: the back-office's one formatter (two largest units, Intl unit names). */
export { formatDuration } from '../../shared/format.ts';

/** A payload value that is a picture the evidence area can show large (an http(s), same-site or data URL of an image). */
export function isImageUrl(value: string): boolean {
  const text = value.trim();
  if (/^data:image\/(png|jpe?g|gif|webp|avif);base64,/i.test(text)) return true;
  if (!/^(https?:\/\/|\/)[^\s]+$/i.test(text)) return false;
  return /\.(png|jpe?g|gif|webp|avif|jp2)(\?[^\s]*)?$/i.test(text) || /\/(image|images|uploads?)\/[^\s/]+/i.test(text);
}
