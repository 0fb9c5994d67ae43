import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { openSocket, signedInSocket } from '../live/live-helpers.ts';
import type { LiveSocket } from '../live/live-helpers.ts';

const api = withTestApi({ liveTickMs: 250 }, { listen: true });

const modeFrames = (socket: LiveSocket) => socket.frames.filter((f) => f.type === 'ACCOUNT_MODE');

/** A signed-in window: a socket that authenticated with the user's token. */
const window = (user: SignedUp) => signedInSocket(api.app, user.token);

const switchMode = (user: SignedUp, mode: 'demo' | 'real') =>
  api.app.inject({ method: 'POST', url: '/api/swx/customer/user/switchMode', headers: auth(user.token), payload: { mode } });

// Sign-ups and sockets of three users: generous on a busy machine.
describe(`ACCOUNT_MODE on the live connection (${databaseKind})`, { timeout: 90_000 }, () => {
  it("a switch reaches every open window of that user, and no one else's", async () => {
    const owner = await signUp(api.app);
    const other = await signUp(api.app);
    const [tabA, tabB, stranger] = await Promise.all([window(owner), window(owner), window(other)]);

    expect((await switchMode(owner, 'real')).json().code).toBe('200');
    for (const tab of [tabA, tabB]) {
      await expect
        .poll(() => modeFrames(tab), { timeout: 5000 })
        .toEqual([expect.objectContaining({ type: 'ACCOUNT_MODE', mode: 'real' })]);
    }
    // The stranger's own switch arrives after the owner's would have (one ordered channel): only theirs is there.
    expect((await switchMode(other, 'real')).json().code).toBe('200');
    await expect.poll(() => modeFrames(stranger).length, { timeout: 5000 }).toBe(1);
    expect(modeFrames(tabA)).toHaveLength(1);

    expect((await switchMode(owner, 'demo')).json().code).toBe('200');
    await expect.poll(() => modeFrames(tabA).map((f) => f.type === 'ACCOUNT_MODE' && f.mode), { timeout: 5000 }).toEqual(['real', 'demo']);
    expect(modeFrames(stranger)).toHaveLength(1);
    for (const socket of [tabA, tabB, stranger]) socket.close();
  });

  it('a visitor (no USER_AUTH) never hears of a switch', async () => {
    const owner = await signUp(api.app);
    const visitor = await openSocket(api.app);
    const tab = await window(owner);
    expect((await switchMode(owner, 'real')).json().code).toBe('200');
    await expect.poll(() => modeFrames(tab).length, { timeout: 5000 }).toBe(1);
    expect(modeFrames(visitor)).toEqual([]);
    visitor.close();
    tab.close();
  });
});
