import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { OPERATOR_CODES, OPERATOR_SESSION, OPERATOR_TOKEN_PREFIX, SETUP_LINK_HOURS } from '@meridian/contracts';
import type {
  CompleteSetupBody,
  InviteOperatorBody,
  OperatorRole,
  OperatorSession,
  OperatorSignInBody,
  OperatorView,
  SetupInfo,
} from '@meridian/contracts';
import { hashPassword, passwordMatches } from '../accounts/passwords.ts';
import { newSecret, sha256 } from '../accounts/secrets.ts';
import type { OperatorSignInLimit } from '../accounts/limits.ts';
import type { Actor } from '../audit/audit.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { operatorSessions, operatorSetupLinks, operators } from '../db/schema.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { acceptedStep, newTotpSecret, otpauthUrl } from './totp.ts';

/** A signed-in operator (or the break-glass token, which has no id and only the roles it was given). */
export interface OperatorIdentity extends Actor {
  name: string;
  roles: OperatorRole[];
  breakGlass: boolean;
}

type OperatorRow = typeof operators.$inferSelect;

function operatorView(row: OperatorRow): OperatorView {
  return {
    id: row.id,
    email: row.email ?? '',
    name: row.name,
    roles: row.roles as OperatorRole[],
    status: row.status as OperatorView['status'],
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

const signInFailed = () => new ApiFailure(OPERATOR_CODES.signInFailed, 'operator sign-in failed', 401);
const setupInvalid = () => new ApiFailure(OPERATOR_CODES.setupLinkInvalid, 'the set-up link is invalid or used', 404);

/**
 * Operator accounts: set-up links (first admin, invitations), sign-in with password + TOTP, short
 * bearer sessions, deactivation. Every change is audited in its own transaction.
 */
export class OperatorService {
  constructor(
    private readonly db: Database,
    private readonly options: {
      siteOrigin: string;
      now?: () => number;
      /** The ceiling on tries per operator account over every address; none without it. */
      signInLimit?: OperatorSignInLimit;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private setupLink(token: string): string {
    return `${this.options.siteOrigin}/admin/setup#${token}`;
  }

  private async newSetupLink(operatorId: string, db: Pick<Database, 'insert'> = this.db): Promise<string> {
    const token = newSecret();
    await db.insert(operatorSetupLinks).values({
      hash: sha256(token),
      operatorId,
      expiresAt: new Date(this.now() + SETUP_LINK_HOURS * 3600_000),
    });
    return this.setupLink(token);
  }

  /**
   * On an empty operator table: makes the first `admin` (not set up) and returns a one-time set-up
   * link. While that admin has not finished set-up, each start replaces the link (only its hash is
   * kept, so a lost link cannot be shown again). Once an operator is active, returns null.
   */
  async ensureFirstAdmin(): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meridian:first-admin'))`);
      const [active] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.status, 'active')).limit(1);
      if (active) return null;
      let [first] = await tx
        .select()
        .from(operators)
        .where(and(eq(operators.status, 'invited'), isNull(operators.email), sql`${operators.roles} ? 'admin'`))
        .limit(1);
      if (!first) {
        [first] = await tx
          .insert(operators)
          .values({ id: randomUUID(), email: null, name: 'Administrator', roles: ['admin'], totpSecret: newTotpSecret() })
          .returning();
        await audit(tx, { id: null, email: 'system', ip: '' }, 'operator.invite', { kind: 'operator', id: first!.id }, null, {
          roles: ['admin'],
          firstRun: true,
        });
      }
      await tx.delete(operatorSetupLinks).where(eq(operatorSetupLinks.operatorId, first!.id));
      return this.newSetupLink(first!.id, tx);
    });
  }

  private async linkedOperator(token: string): Promise<OperatorRow> {
    const [row] = await this.db
      .select({ operator: operators })
      .from(operatorSetupLinks)
      .innerJoin(operators, eq(operators.id, operatorSetupLinks.operatorId))
      .where(
        and(
          eq(operatorSetupLinks.hash, sha256(token)),
          isNull(operatorSetupLinks.usedAt),
          gt(operatorSetupLinks.expiresAt, new Date(this.now())),
          eq(operators.status, 'invited'),
        ),
      );
    if (!row) throw setupInvalid();
    return row.operator;
  }

  /** What the set-up page shows: the authenticator secret (text and QR code). */
  async setupInfo(token: string): Promise<SetupInfo> {
    const row = await this.linkedOperator(token);
    const url = otpauthUrl(row.totpSecret, row.email ?? 'admin');
    return {
      email: row.email,
      name: row.name,
      roles: row.roles as OperatorRole[],
      secret: row.totpSecret,
      otpauthUrl: url,
      qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 220 }),
    };
  }

  /** Sets the password, proves the authenticator with a code, activates the operator and signs them in. */
  async completeSetup(body: CompleteSetupBody, client: { ip: string; userAgent: string }): Promise<OperatorSession> {
    const row = await this.linkedOperator(body.token);
    const email = row.email ?? body.email?.trim().toLowerCase();
    if (!email) throw new ApiFailure('400', 'validation.enterEmail', 400);
    const step = acceptedStep(row.totpSecret, body.code, row.totpLastStep, this.now());
    if (step === null) throw new ApiFailure(OPERATOR_CODES.codeRejected, 'the code is wrong or used', 400);
    const passwordHash = await hashPassword(body.password);
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(operatorSetupLinks)
        .set({ usedAt: new Date(this.now()) })
        .where(and(eq(operatorSetupLinks.hash, sha256(body.token)), isNull(operatorSetupLinks.usedAt)))
        .returning();
      if (used.length === 0) throw setupInvalid();
      const clash = await tx
        .select({ id: operators.id })
        .from(operators)
        .where(and(sql`lower(${operators.email}) = ${email}`, sql`${operators.id} <> ${row.id}`));
      if (clash.length) throw new ApiFailure(OPERATOR_CODES.operatorExists, 'an operator with this email exists', 409);
      const [active] = await tx
        .update(operators)
        .set({
          email,
          name: body.name?.trim() || row.name,
          passwordHash,
          totpLastStep: step,
          status: 'active',
          lastSignInAt: new Date(this.now()),
        })
        .where(and(eq(operators.id, row.id), eq(operators.status, 'invited')))
        .returning();
      if (!active) throw setupInvalid();
      await audit(tx, { id: active.id, email, ip: client.ip }, 'operator.setup', { kind: 'operator', id: active.id }, null, {
        email,
        roles: active.roles,
      });
      return this.startSession(tx, active, client);
    });
  }

  private async startSession(
    db: Pick<Database, 'insert'>,
    row: OperatorRow,
    client: { ip: string; userAgent: string },
  ): Promise<OperatorSession> {
    const token = `${OPERATOR_TOKEN_PREFIX}${newSecret()}`;
    const now = this.now();
    await db.insert(operatorSessions).values({
      hash: sha256(token),
      operatorId: row.id,
      ip: client.ip.slice(0, 64),
      userAgent: client.userAgent.slice(0, 300),
      createdAt: new Date(now),
      lastUsedAt: new Date(now),
      expiresAt: new Date(now + OPERATOR_SESSION.maxSeconds * 1000),
    });
    return { token, expiresIn: OPERATOR_SESSION.idleSeconds, operator: operatorView(row) };
  }

  /** Email + password + a fresh TOTP code; any failure answers the same (no hint which part was wrong). */
  async signIn(body: OperatorSignInBody, client: { ip: string; userAgent: string }): Promise<OperatorSession> {
    const email = body.email.trim().toLowerCase();
    const [row] = await this.db
      .select()
      .from(operators)
      .where(sql`lower(${operators.email}) = ${email}`);
    // Counted before anything is checked: past the ceiling even the right password waits for the window.
    const account = row?.id ?? `email:${email}`;
    await this.options.signInLimit?.consume(account, row?.passwordHash ?? null);
    const passwordOk = await passwordMatches(row?.status === 'active' ? row.passwordHash : null, body.password);
    const failed = async () => {
      await audit(this.db, { id: row?.id ?? null, email, ip: client.ip }, 'operator.signInFailed', {
        kind: 'operator',
        id: row?.id ?? email,
      });
      return signInFailed();
    };
    if (!row || !passwordOk) throw await failed();
    const step = acceptedStep(row.totpSecret, body.code, row.totpLastStep, this.now());
    if (step === null) throw await failed();
    const session = await this.db.transaction(async (tx) => {
      // The step is claimed with a condition, so the same code cannot start two sessions at once.
      const [claimed] = await tx
        .update(operators)
        .set({ totpLastStep: step, lastSignInAt: new Date(this.now()) })
        .where(and(eq(operators.id, row.id), sql`${operators.totpLastStep} < ${step}`, eq(operators.status, 'active')))
        .returning();
      if (!claimed) throw signInFailed();
      await audit(tx, { id: row.id, email, ip: client.ip }, 'operator.signIn', { kind: 'operator', id: row.id });
      return this.startSession(tx, claimed, client);
    });
    await this.options.signInLimit?.giveBack(account, row.passwordHash);
    return session;
  }

  /** The operator behind a bearer token, if the session is live (idle ≤ 30 min, age ≤ 8 h, operator active). */
  async authenticate(token: string, ip: string): Promise<OperatorIdentity | null> {
    if (!token.startsWith(OPERATOR_TOKEN_PREFIX) || token.length > 100) return null;
    const now = this.now();
    const hash = sha256(token);
    const [row] = await this.db
      .select({ operator: operators, lastUsedAt: operatorSessions.lastUsedAt })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.hash, hash),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, new Date(now)),
          gt(operatorSessions.lastUsedAt, new Date(now - OPERATOR_SESSION.idleSeconds * 1000)),
          eq(operators.status, 'active'),
        ),
      );
    if (!row) return null;
    if (now - row.lastUsedAt.getTime() > 15_000) {
      await this.db
        .update(operatorSessions)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(operatorSessions.hash, hash));
    }
    return {
      id: row.operator.id,
      email: row.operator.email ?? '',
      name: row.operator.name,
      roles: row.operator.roles as OperatorRole[],
      breakGlass: false,
      ip,
    };
  }

  async signOut(token: string, actor: OperatorIdentity): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(operatorSessions)
        .set({ revokedAt: new Date(this.now()) })
        .where(eq(operatorSessions.hash, sha256(token)));
      await audit(tx, actor, 'operator.signOut', { kind: 'operator', id: actor.id ?? actor.email });
    });
  }

  async list(): Promise<OperatorView[]> {
    const rows = await this.db.select().from(operators).orderBy(asc(operators.createdAt));
    return rows.map(operatorView);
  }

  async get(id: string): Promise<OperatorView | null> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id));
    return row ? operatorView(row) : null;
  }

  /** The signed-in operator as the back-office shows them; the break-glass token, which has no account, as itself. */
  async self(identity: OperatorIdentity): Promise<OperatorView> {
    const view = identity.id ? await this.get(identity.id) : null;
    return (
      view ?? {
        id: '',
        email: identity.email,
        name: identity.name,
        roles: identity.roles,
        status: 'active',
        createdAt: new Date(0).toISOString(),
        lastSignInAt: null,
      }
    );
  }

  /** An admin invites an operator with roles; the answer carries the one-time set-up link to hand over. */
  async invite(actor: OperatorIdentity, body: InviteOperatorBody): Promise<{ operator: OperatorView; setupLink: string }> {
    const email = body.email.trim().toLowerCase();
    const roles = [...new Set(body.roles)];
    return this.db.transaction(async (tx) => {
      const clash = await tx
        .select({ id: operators.id })
        .from(operators)
        .where(sql`lower(${operators.email}) = ${email}`);
      if (clash.length) throw new ApiFailure(OPERATOR_CODES.operatorExists, 'an operator with this email exists', 409);
      const [row] = await tx
        .insert(operators)
        .values({ id: randomUUID(), email, name: body.name.trim(), roles, totpSecret: newTotpSecret(), invitedBy: actor.id })
        .returning();
      const setupLink = await this.newSetupLink(row!.id, tx);
      await audit(tx, actor, 'operator.invite', { kind: 'operator', id: row!.id }, null, { email, name: row!.name, roles });
      return { operator: operatorView(row!), setupLink };
    });
  }

  /** Ends an operator's access: sessions revoked, sign-in refused. The last active admin stays. */
  async deactivate(actor: OperatorIdentity, id: string): Promise<OperatorView> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meridian:operators'))`);
      const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
      if (!row) throw new ApiFailure('404', 'operator not found', 404);
      if (row.status === 'deactivated') return operatorView(row);
      if ((row.roles as string[]).includes('admin') && row.status === 'active') {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(operators)
          .where(and(eq(operators.status, 'active'), sql`${operators.roles} ? 'admin'`));
        if (n <= 1) throw new ApiFailure(OPERATOR_CODES.lastAdmin, 'the last admin cannot be deactivated', 409);
      }
      const [after] = await tx.update(operators).set({ status: 'deactivated' }).where(eq(operators.id, id)).returning();
      await tx
        .update(operatorSessions)
        .set({ revokedAt: new Date(this.now()) })
        .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
      await tx.delete(operatorSetupLinks).where(eq(operatorSetupLinks.operatorId, id));
      await audit(tx, actor, 'operator.deactivate', { kind: 'operator', id }, { status: row.status }, { status: 'deactivated' });
      return operatorView(after!);
    });
  }
}
