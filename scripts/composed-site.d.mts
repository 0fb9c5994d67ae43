import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;

export function spawnComposedSite(options: { port: number; dataDir: string; env?: Record<string, string> }): ChildProcess;
