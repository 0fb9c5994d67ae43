import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CUSTOMER_API } from '@meridian/contracts';
import { authenticate } from '../accounts/sessions.ts';
import type { Database } from '../db/database.ts';

/**
 * Who an upload belongs to (issue 14): the signed-in user (`Authorization`), or else the browser's
 * support-visitor cookie. /kf.html has no conversation key before its first message, so the first
 * upload of a browser without the cookie gives it one: a random token, HttpOnly and SameSite=Strict,
 * sent back by the same browser with the message that attaches the image. Only its hash is stored.
 */
export const VISITOR_COOKIE = 'meridian_visitor';
const VISITOR_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A visitor's uploads are attached within a day (jobs/clean-ups.ts); the cookie outlives that a little. */
const VISITOR_COOKIE_SECONDS = 7 * 24 * 3600;

const visitorOwner = (token: string) => `visitor:${createHash('sha256').update(token).digest('hex')}`;
const userOwner = (userId: string) => `user:${userId}`;

/** Every identity the caller proves: its signed-in user and its visitor cookie, either, both or none. */
export async function callerOwners(db: Database, request: FastifyRequest): Promise<string[]> {
  const owners: string[] = [];
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const auth = await authenticate(db, header);
    if (auth) owners.push(userOwner(auth.userId));
  }
  const token = request.cookies[VISITOR_COOKIE];
  if (token && VISITOR_TOKEN.test(token)) owners.push(visitorOwner(token));
  return owners;
}

/** The owner a new upload is recorded under; a browser with neither identity is given a visitor cookie. */
export async function uploadOwner(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const [owner] = await callerOwners(db, request);
  if (owner) return owner;
  const token = randomBytes(32).toString('base64url');
  void reply.setCookie(VISITOR_COOKIE, token, {
    path: CUSTOMER_API,
    httpOnly: true,
    sameSite: 'strict',
    secure: true,
    maxAge: VISITOR_COOKIE_SECONDS,
  });
  return visitorOwner(token);
}
