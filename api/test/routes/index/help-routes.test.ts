import { describe, expect, it } from 'vitest';
import { databaseKind } from '../../helpers.ts';
import { withTestApi } from '../../suite-fixtures.ts';

const api = withTestApi();

const base = '/api/swx/customer/index';
const get = (url: string) => api.app.inject({ method: 'GET', url });

describe(`help content (${databaseKind})`, () => {
  it('lists at least 12 FAQ entries per language, answering the product rules', async () => {
    const en = (await get(`${base}/listFaq/2`)).json().result as { question: string; answer: string; category: string }[];
    const zh = (await get(`${base}/listFaq/1`)).json().result as { question: string }[];
    expect(en.length).toBeGreaterThanOrEqual(12);
    expect(zh.length).toBeGreaterThanOrEqual(12);
    const text = en.map((f) => `${f.question} ${f.answer}`).join(' ');
    for (const fact of ['USDT 120', 'BTC 0.015', 'ETH 0.2', '48 hours', '1 %', '10 %', '7 days', '100,000']) expect(text).toContain(fact);
    expect(new Set(en.map((f) => f.category)).size).toBeGreaterThan(3);
  });

  it('lists at least 4 notices, newest first, and serves one by id', async () => {
    const list = (await get(`${base}/listNotices/2`)).json().result as { id: number; publishedAt: string }[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    const dates = list.map((n) => Date.parse(n.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const one = (await get(`${base}/getNoticeById/${list[0]!.id}`)).json();
    expect(one.result.body).toMatch(/<p>/);
    expect((await get(`${base}/getNoticeById/999999`)).statusCode).toBe(404);
  });

  it('searches FAQ and notices in the chosen language', async () => {
    const res = (await get(`${base}/searchHelp/2?q=withdraw`)).json();
    expect(res.result.faqs.length).toBeGreaterThan(2);
    expect(res.result.faqs.every((f: { question: string; answer: string }) => /withdraw/i.test(f.question + f.answer))).toBe(true);
    const zh = (await get(`${base}/searchHelp/1?q=${encodeURIComponent('提现')}`)).json();
    expect(zh.result.faqs.length).toBeGreaterThan(2);
    const notices = (await get(`${base}/searchHelp/2?q=languages`)).json();
    expect(notices.result.notices.map((n: { title: string }) => n.title)).toContain('Eleven languages');
  });

  it('treats LIKE wildcards as text and refuses a too short query with its message key', async () => {
    expect((await get(`${base}/searchHelp/2?q=%25%25`)).json().result).toEqual({ faqs: [], notices: [] });
    const short = await get(`${base}/searchHelp/2?q=a`);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: '400', result: { issues: [{ path: 'q', key: 'validation.searchTooShort' }] } });
  });
});
