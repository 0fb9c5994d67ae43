/** A CSV cell a spreadsheet would not run as a formula (a leading = + - @ or control character is quoted away). */
export const spreadsheetCell = (value: unknown): string => {
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};
