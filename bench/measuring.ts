/** What the benchmarks measure with: rounding and medians, their environment knobs, the machine's CPU counters. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const round = (x: number, places = 1) => Math.round(x * 10 ** places) / 10 ** places;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A number from the environment, or `fallback` when it is unset, empty or not a number. */
export const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isFinite(value) ? value : fallback;
};

/** The median of some numbers (NaN for none). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  if (!s.length) return NaN;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Busy and total jiffies of the whole machine (all cores), from /proc/stat; null elsewhere. */
export function machineJiffies(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return null;
  }
}

/** Writes a suite's latest run as bench/results/<name>.json (its figures) and <name>.md (its report). */
export function writeResults(name: string, figures: unknown, markdown: string): void {
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  writeFileSync(join(dir, `${name}.md`), markdown);
}
