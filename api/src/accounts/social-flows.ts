import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { socialLoginFlows } from '../db/schema.ts';

/** A social login in progress: its state, PKCE verifier and nonce, the page's language and where to go after. */
export type SocialFlow = typeof socialLoginFlows.$inferSelect;

/** Keeps a social login started in a browser until the provider sends it back. */
export async function saveSocialFlow(db: Database, flow: SocialFlow): Promise<void> {
  await db.insert(socialLoginFlows).values(flow);
}

/** Takes the flow of this state out (it serves once): undefined when there is none. */
export async function takeSocialFlow(db: Database, state: string): Promise<SocialFlow | undefined> {
  const [flow] = await db.delete(socialLoginFlows).where(eq(socialLoginFlows.state, state)).returning();
  return flow;
}
