import { describe, expect, it } from 'vitest';
import { PNG_1PX, multipartFile } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { sniffImage } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { supportMessages, supportTickets, uploads } from '../../src/db/schema.ts';

const api = withTestApi();

const upload = (name: string, data: Buffer, type?: string) =>
  api.app.inject({
    method: 'POST',
    url: '/api/swx/customer/upload/image',
    ...multipartFile(name, data, type),
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

describe('image uploads (SPEC §5.2)', () => {
  it('recognises JPEG, PNG and JPEG 2000 by their bytes', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImage(PNG_1PX)).toBe('image/png');
    expect(sniffImage(Buffer.from('0000000c6a5020200d0a870a00', 'hex'))).toBe('image/jp2');
    expect(sniffImage(Buffer.from('ff4fff510000', 'hex'))).toBe('image/jp2');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
  });

  it('judges by content, not by name or declared type', async () => {
    const fake = await upload('photo.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().result.issues[0].key).toBe('validation.imageFormat');
    const real = await upload('document.txt', PNG_1PX, 'text/plain');
    expect(real.json().result.mime).toBe('image/png');
  });

  it('refuses anything above 2 MB', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload('big.png', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().result.issues[0].key).toBe('validation.imageTooLarge');
  });

  it('clears away uploads that no message took within a day, and keeps attached ones', async () => {
    const { db } = api.database;
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    const old = { mime: 'image/png', size: PNG_1PX.length, data: PNG_1PX, createdAt: dayAndAMinuteAgo };
    const abandoned = '00000000-0000-4000-8000-00000000a001';
    const attached = '00000000-0000-4000-8000-00000000a002';
    // In a message but never marked (an older node attached it during a rolling update).
    const unmarked = '00000000-0000-4000-8000-00000000a003';
    await db.insert(uploads).values([
      { id: abandoned, ...old },
      { id: attached, ...old, attachedAt: dayAndAMinuteAgo },
      { id: unmarked, ...old },
    ]);
    const ticket = '00000000-0000-4000-8000-00000000b001';
    await db.insert(supportTickets).values({ id: ticket, email: 'old@node.example', keyHash: 'x' });
    await db.insert(supportMessages).values({ ticketId: ticket, author: 'visitor', body: 'from an older node', imageId: unmarked });
    const fresh = await upload('new.png', PNG_1PX);
    expect(fresh.json().code).toBe('200');
    // The clean-up job (jobs/clean-ups.ts), run now rather than in ten minutes.
    expect(await api.app.scheduler.runNow('clean-ups')).toBe(true);
    const left = async (id: string) => (await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id))).length;
    expect(await left(abandoned)).toBe(0);
    expect(await left(attached)).toBe(1);
    expect(await left(unmarked)).toBe(1);
    expect(await left(fresh.json().result.id)).toBe(1);
  });
});
