/**
 * A whole number written as text (an id, a page, a type code, a topic's number) as a JS number; NaN for
 * anything else: a fraction, an exponent, hex, an empty string. Money never passes through here — it stays
 * a decimal string and a `Money` — so this is the float-money lint's one exception for whole numbers.
 */
export function wholeNumber(text: string | null | undefined): number {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  return /^-?\d{1,15}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
