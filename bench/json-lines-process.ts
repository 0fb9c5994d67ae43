import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A bench process speaking JSON lines on stdout and taking commands on stdin: `next(key)` waits for the
 * next line carrying `key`. `name` says which process in errors ("a child process", "the API process").
 */
export class JsonLinesProcess {
  private readonly queue: Record<string, unknown>[] = [];
  private wake: (() => void) | null = null;
  private gone = false;
  readonly done: Promise<void>;

  constructor(
    readonly proc: ChildProcess,
    private readonly name: string,
  ) {
    this.done = new Promise((resolve) =>
      proc.once('exit', () => {
        this.gone = true;
        this.wake?.();
        resolve();
      }),
    );
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      try {
        this.queue.push(JSON.parse(line) as Record<string, unknown>);
        this.wake?.();
      } catch {
        // not ours
      }
    });
  }

  get exited(): boolean {
    return this.gone;
  }

  send(line: string): void {
    if (!this.gone) this.proc.stdin!.write(`${line}\n`);
  }

  /** The next line carrying `key`. */
  async next<T>(key: string, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.queue.findIndex((m) => key in m);
      if (index >= 0) return this.queue.splice(index, 1)[0]![key] as T;
      if (this.gone) throw new Error(`bench: ${this.name} exited before sending "${key}"`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`bench: no "${key}" from ${this.name} within ${Math.round(timeoutMs / 1000)} s`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}
