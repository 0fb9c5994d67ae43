import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface MailOptions {
  /** Embedded default: every message is written as JSON under this folder (`.data/outbox`). */
  outboxDir?: string;
  /** Production: an SMTP URL (`smtps://user:pass@host:465`); when set, mail goes out for real. */
  smtpUrl?: string | undefined;
  from?: string;
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  time: string;
}

export interface Mailer {
  send(to: string, subject: string, text: string): Promise<void>;
  /** The newest messages for an address, newest first (embedded outbox only). */
  outbox(to: string, limit?: number): OutboxMessage[];
}

/** nodemailer over SMTP in production, or into the embedded outbox folder. */
export function createMailer(options: MailOptions): Mailer {
  const from = options.from ?? 'Meridian <no-reply@meridian.local>';
  const outboxDir = options.outboxDir;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  if (outboxDir) mkdirSync(outboxDir, { recursive: true });
  let sequence = 0;

  return {
    async send(to, subject, text) {
      await transport.sendMail({ from, to, subject, text });
      if (!options.smtpUrl && outboxDir) {
        const time = new Date().toISOString();
        sequence += 1;
        const name = `${Date.now()}-${process.pid}-${String(sequence).padStart(6, '0')}.json`;
        const message: OutboxMessage = { to, subject, text, time };
        writeFileSync(join(outboxDir, name), JSON.stringify(message));
      }
    },
    outbox(to, limit = 10) {
      if (!outboxDir) return [];
      const names = readdirSync(outboxDir).filter((n) => n.endsWith('.json'));
      names.sort().reverse();
      const out: OutboxMessage[] = [];
      for (const name of names) {
        const message = JSON.parse(readFileSync(join(outboxDir, name), 'utf8')) as OutboxMessage;
        if (message.to === to) out.push(message);
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
