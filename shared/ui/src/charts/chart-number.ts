/**
 * A decimal string as a drawing coordinate. Charts place points on a canvas, which takes floats:
 * this is the one place a price becomes a JS number, for geometry only, never for sums or money.
 */
export function chartNumber(value: string): number {
  return Number.parseFloat(value);
}
