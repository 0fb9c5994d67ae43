/** One line of what an audited action changed: a field, and its value before and after (either may be absent). */
export interface ChangeLine {
  field: string;
  before?: string;
  after?: string;
}

const MAX_TEXT = 80;
const MAX_LINES = 6;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as short text: strings bare, the rest as JSON, cut at 80 characters. */
function compact(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * Before → after of an audit entry, compactly: for two objects the fields that differ; for a record
 * of a new thing its fields; otherwise the two values. At most six lines (`more` counts the rest).
 */
export function describeChange(before: unknown, after: unknown): { lines: ChangeLine[]; more: number } {
  let lines: ChangeLine[] = [];
  if (isRecord(before) && isRecord(after)) {
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
      lines.push({
        field,
        ...(field in before ? { before: compact(before[field]) } : {}),
        ...(field in after ? { after: compact(after[field]) } : {}),
      });
    }
  } else if ((before === null || before === undefined) && isRecord(after)) {
    lines = Object.entries(after).map(([field, value]) => ({ field, after: compact(value) }));
  } else if (isRecord(before) && (after === null || after === undefined)) {
    lines = Object.entries(before).map(([field, value]) => ({ field, before: compact(value) }));
  } else if (!(before === null || before === undefined) || !(after === null || after === undefined)) {
    lines = [
      {
        field: '',
        ...(before === null || before === undefined ? {} : { before: compact(before) }),
        ...(after === null || after === undefined ? {} : { after: compact(after) }),
      },
    ];
  }
  return { lines: lines.slice(0, MAX_LINES), more: Math.max(0, lines.length - MAX_LINES) };
}
