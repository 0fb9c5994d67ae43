import { join } from 'node:path';
import { ESLint } from 'eslint';

/** The repository's root, where its flat ESLint config lives. */
export const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/**
 * A check of one rule: the messages `ruleId` gives for `code` linted as if it were `filePath` (relative to the
 * repository's root), with the repository's config.
 */
export function ruleMessages(ruleId: string): (filePath: string, code: string) => Promise<string[]> {
  return async (filePath, code) => (await lint(filePath, code)).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

/** The messages of every rule for `code` linted as if it were `filePath`. */
export async function allMessages(filePath: string, code: string): Promise<string[]> {
  return (await lint(filePath, code)).map((m) => m.message);
}

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages;
}
