import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import input from '@inquirer/input';
import password from '@inquirer/password';
import { endpointPath } from '@meridian/contracts';
import { operatorsEndpoints } from '@meridian/contracts/endpoints/operators';

/**
 * The release CLI's operator session: `login` signs in as an operator (email, password, a code from
 * the authenticator app) and keeps the session token per registry in the user's config directory
 * (`$XDG_CONFIG_HOME/meridian/release.json`, else `~/.config/…`), readable by the user only (0600).
 */
interface Stored {
  sessions: Record<string, { token: string; email: string; roles: string[]; savedAt: string }>;
}

function configFile(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'meridian', 'release.json');
}

function readStored(file: string): Stored {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Stored;
  } catch {
    return { sessions: {} };
  }
}

function writeStored(file: string, stored: Stored): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** The stored token for a registry, if this user signed in to it. */
export function storedToken(registry: string): string | null {
  return readStored(configFile()).sessions[registry]?.token ?? null;
}

/** Answers from a pipe (automation and tests), one line per question; prompts on a terminal. */
async function askAll(questions: { name: string; secret: boolean; preset?: string | undefined }[]): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  if (process.stdin.isTTY) {
    for (const q of questions) {
      answers[q.name] =
        q.preset ?? (q.secret ? await password({ message: q.name, mask: '*' }) : await input({ message: q.name, required: true })).trim();
    }
    return answers;
  }
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  for (const q of questions) {
    if (q.preset !== undefined) {
      answers[q.name] = q.preset;
      continue;
    }
    const next = await lines.next();
    answers[q.name] = String(next.value ?? '').trim();
  }
  return answers;
}

export async function login(registry: string, email: string | undefined, fail: (message: string) => never): Promise<void> {
  const a = await askAll([
    { name: 'Operator email', secret: false, preset: email },
    { name: 'Password', secret: true },
    { name: 'Code from your authenticator app', secret: false },
  ]);
  const response = await fetch(`${registry}${endpointPath(operatorsEndpoints.signIn)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: a['Operator email'], password: a['Password'], code: a['Code from your authenticator app'] }),
  }).catch((error: unknown) => fail(`the registry at ${registry} did not answer (${String(error)})`));
  const body = (await response.json().catch(() => ({}))) as {
    code?: string;
    message?: string;
    result?: { token: string; operator: { email: string; roles: string[] } };
  };
  if (body.code !== '200' || !body.result)
    fail(body.code === '10201' ? 'sign-in failed: check the email, the password and a fresh code' : (body.message ?? `${response.status}`));
  const { token, operator } = body.result;
  const file = configFile();
  const stored = readStored(file);
  stored.sessions[registry] = { token, email: operator.email, roles: operator.roles, savedAt: new Date().toISOString() };
  writeStored(file, stored);
  console.log(`signed in to ${registry} as ${operator.email} (${operator.roles.join(', ')}); session kept in ${file}`);
  if (!operator.roles.some((r) => ['release', 'admin', 'auditor'].includes(r)))
    console.warn('note: this operator has none of the roles release, admin or auditor: the release commands will be refused');
  else if (!operator.roles.includes('release'))
    console.warn('note: without the release role this operator can read status and history only');
}

export async function logout(registry: string): Promise<void> {
  const file = configFile();
  const stored = readStored(file);
  const session = stored.sessions[registry];
  if (!session) return console.log(`not signed in to ${registry}`);
  await fetch(`${registry}${endpointPath(operatorsEndpoints.signOut)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
  }).catch(() => undefined);
  delete stored.sessions[registry];
  if (Object.keys(stored.sessions).length === 0) rmSync(file, { force: true });
  else writeStored(file, stored);
  console.log(`signed out of ${registry}`);
}
