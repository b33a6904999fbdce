import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORTS,
  reportColumns,
  revenueAnswerSchema,
  searchesWithoutResultsAnswerSchema,
  topDownloadsAnswerSchema,
  usageAnswerSchema,
  usageByPeriodAnswerSchema,
  balancesAnswerSchema,
} from '../../../common/desk-reports.ts';
import { searchResponseSchema } from '../../../common/catalogue.ts';
import { purchaseResultSchema } from '../../../common/payments.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { codes, type Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';
import { videoOf } from '../downloads/test-support.ts';
import { transactions } from '../payments/schema.ts';
import { paymentFixtures } from '../payments/test-support.ts';

/**
 * The business desk's reports (issue 29): the authorisation table over every report (JSON and
 * CSV); a download under an agreement in the usage, per period and balance reports; a paid and
 * refunded pass in the revenue; the most downloaded videos in order; a search that found nothing
 * listed and one with results not; the CSV holds the JSON's rows, spreadsheet-safe; bad periods 422.
 */
let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const TODAY = '2026-11-22';
const get = async (path: string) => {
  const answer = await callers.sales.get(path);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<unknown>();
};
const download = async (who: Browser, video: number, rendition: Record<string, string> = { quality: 'sd' }) => {
  const answer = await who.post(`/api/content/video_projects/${video}/videos/download`, { restrictions_accepted: true, ...rendition });
  expect(answer.statusCode, answer.body).toBe(200);
};

/** RFC 4180 as a spreadsheet reads it: quoted fields, doubled quotes, CRLF lines; the byte-order mark dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (quoted && char === '"' && body[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\r' && body[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

describe('reports at the business desk', () => {
  it('each caller gets exactly their rights: the sales role and admins; staff without it 403; everyone else finds no desk', async () => {
    const calls: Record<string, StatusCall> = {};
    for (const name of REPORTS)
      for (const suffix of ['', '.csv'])
        calls[`GET ${name}${suffix}`] = {
          call: async (who) => (await who.get(`/api/desk/reports/${name}${suffix}`)).statusCode,
          expected: deskExpectation('sales', 200),
        };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it("a member's download under the company's agreement shows for that customer and agreement, with its kind, format and quality", async () => {
    const { home, member } = await a.team();
    const agreement = await createAgreement(t.database.db, { companyId: home.id, balances: [{ kind: 'standard', amount: 10 }] });
    await download(member.browser, await videoOf(t, 'paid'), { quality: 'sd', video_format: 'credit' });
    await download(member.browser, await videoOf(t, 'free'), { quality: 'hd' });

    const usage = usageAnswerSchema.parse(await get(`/api/desk/reports/usage?customer=${member.user.id}`));
    expect(usage).toMatchObject({ to: TODAY, from: '2026-10-24', truncated: false });
    const shown = usage.rows.map(({ agreement_id, kind, format, quality, downloads, charged }) => [
      agreement_id,
      kind,
      format,
      quality,
      downloads,
      charged,
    ]);
    expect(shown).toEqual([
      [agreement.id, 'standard', 'credit', 'sd', 1, 1],
      [null, 'free', 'clean', 'hd', 1, 0],
    ]);
    expect(usage.rows[0]).toMatchObject({
      customer_id: member.user.id,
      customer_email: member.user.email,
      company_name: home.name,
      agreement_type: 'enterprise',
    });
    // By the company's name, and by the agreement alone.
    const byCompany = usageAnswerSchema.parse(await get(`/api/desk/reports/usage?customer=${encodeURIComponent(home.name)}`));
    expect(byCompany.rows).toHaveLength(2);
    const byAgreement = usageAnswerSchema.parse(await get(`/api/desk/reports/usage?agreement_id=${agreement.id}`));
    expect(byAgreement.rows.map((row) => row.customer_id)).toEqual([member.user.id]);

    const perDay = usageByPeriodAnswerSchema.parse(await get(`/api/desk/reports/usage_by_period?customer=${member.user.id}`));
    expect(perDay.rows).toEqual([
      { period: TODAY, kind: 'free', downloads: 1 },
      { period: TODAY, kind: 'standard', downloads: 1 },
    ]);
    const perMonth = usageByPeriodAnswerSchema.parse(
      await get(`/api/desk/reports/usage_by_period?customer=${member.user.id}&group=month&from=2026-01-01`),
    );
    expect(perMonth.rows.map((row) => row.period)).toEqual(['2026-11', '2026-11']);

    const balances = balancesAnswerSchema.parse(await get(`/api/desk/reports/balances?agreement_id=${agreement.id}`));
    expect(balances.rows).toEqual([
      {
        agreement_id: agreement.id,
        agreement_type: 'enterprise',
        owner: home.name,
        kind: 'standard',
        used: 1,
        returned: 0,
        net_used: 1,
        left: 9,
      },
    ]);
    // Nothing before the period.
    const before = usageAnswerSchema.parse(await get(`/api/desk/reports/usage?customer=${member.user.id}&from=2026-01-01&to=2026-11-21`));
    expect(before.rows).toEqual([]);
  });

  it('revenue: a paid pass in cents in its month and plan; its refund apart, in the month it was made', async () => {
    const f = paymentFixtures(t);
    const buyer = await f.buyer();
    const paid = purchaseResultSchema.parse((await f.buyPass(buyer.browser, await f.card(buyer.browser))).json());
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, paid.transaction_id));
    const pass = (report: unknown) =>
      revenueAnswerSchema.parse(report).rows.find((line) => line.kind === 'pass' && line.plan_id === 'pass-annually-eur');
    expect(pass(await get('/api/desk/reports/revenue'))).toEqual({
      month: '2026-11',
      currency: 'EUR',
      kind: 'pass',
      plan_id: 'pass-annually-eur',
      payments: 1,
      paid_cents: row?.amountCents,
      refunds: 0,
      refunded_cents: 0,
      total_cents: row?.amountCents,
    });
    expect((await callers.sales.post(`/api/desk/transactions/${paid.transaction_id}/refunds`, {})).statusCode).toBe(200);
    expect(pass(await get('/api/desk/reports/revenue'))).toMatchObject({
      payments: 1,
      refunds: 1,
      refunded_cents: row?.amountCents,
      total_cents: 0,
    });
    expect(pass(await get('/api/desk/reports/revenue?from=2026-12-01&to=2026-12-31'))).toBeUndefined();
  });

  it('top downloads: most downloaded first, with how many customers', async () => {
    const [first, second] = [await a.signedIn(), await a.signedIn()];
    const [popular, quiet] = [await videoOf(t, 'free'), await videoOf(t, 'free')];
    await download(first.browser, popular);
    await download(second.browser, popular);
    await download(first.browser, quiet);
    const top = topDownloadsAnswerSchema.parse(await get('/api/desk/reports/top_downloads?limit=100'));
    const ours = top.rows.filter((row) => [popular, quiet].includes(row.video_project_id));
    expect(ours.map(({ video_project_id, downloads, customers }) => ({ video_project_id, downloads, customers }))).toEqual([
      { video_project_id: popular, downloads: 2, customers: 2 },
      { video_project_id: quiet, downloads: 1, customers: 1 },
    ]);
    expect(topDownloadsAnswerSchema.parse(await get('/api/desk/reports/top_downloads?limit=1')).rows).toHaveLength(1);
  });

  it('searches without results: a search page search that found nothing is listed, by its text; one with results is not', async () => {
    const { browser } = await a.signedIn();
    const search = async (text: string) =>
      searchResponseSchema.parse((await browser.get(`/api/content/video_projects/search?search=${encodeURIComponent(text)}`)).json());
    expect((await search('Qzxv Wombling')).count).toBe(0);
    expect((await search('qzxv   wombling ')).count).toBe(0);
    const video = await videoOf(t, 'free');
    const found = await search('Download test free');
    expect(found.count).toBeGreaterThan(0);
    const hit = { search_id: found.search_key, video, event_type: 'click' };
    expect((await browser.post('/api/content/video_projects/search_statistics', hit)).statusCode).toBe(201);

    const report = searchesWithoutResultsAnswerSchema.parse(await get('/api/desk/reports/searches_without_results'));
    expect(report.rows.find((row) => row.query === 'qzxv wombling')).toEqual({
      query: 'qzxv wombling',
      searches: 2,
      last_searched_at: '2026-11-22T09:00:00Z',
    });
    expect(report.rows.some((row) => row.query.includes('download test'))).toBe(false);
  });

  it('the CSV holds the rows of the JSON under a header, quoted where needed, formulas disarmed', async () => {
    const { user, browser } = await a.signedIn({ firstName: '=HYPERLINK("http://evil.example")', lastName: 'Smith, "Jr"' });
    await download(browser, await videoOf(t, 'free'));
    const json = usageAnswerSchema.parse(await get(`/api/desk/reports/usage?customer=${user.id}`));
    const answer = await callers.sales.get(`/api/desk/reports/usage.csv?customer=${user.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="usage-2026-10-24-2026-11-22\.csv"$/);
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.example"") Smith, ""Jr"""`);
    const [header, ...rows] = parseCsv(answer.body);
    expect(header).toEqual(reportColumns('usage'));
    expect(rows).toEqual(
      json.rows.map((row) =>
        reportColumns('usage').map((column) => {
          const value = (row as Record<string, string | number | null>)[column] ?? '';
          return column === 'customer_name' ? `'${value}` : String(value);
        }),
      ),
    );
    for (const name of REPORTS) {
      const csv = await callers.sales.get(`/api/desk/reports/${name}.csv`);
      expect(parseCsv(csv.body)[0], name).toEqual(reportColumns(name));
    }
  });

  it('a period that ends before it starts, is longer than 3 years, or is no date is refused with 422', async () => {
    const reversed = await callers.sales.get('/api/desk/reports/usage?from=2026-11-10&to=2026-11-01');
    expect([reversed.statusCode, codes(reversed)]).toEqual([422, ['period_reversed']]);
    const long = await callers.sales.get('/api/desk/reports/revenue.csv?from=2022-01-01&to=2026-11-01');
    expect([long.statusCode, codes(long)]).toEqual([422, ['period_too_long']]);
    expect((await callers.sales.get('/api/desk/reports/top_downloads?from=yesterday')).statusCode).toBe(422);
    expect((await callers.sales.get('/api/desk/reports/usage_by_period?group=week')).statusCode).toBe(422);
    expect((await callers.sales.get('/api/desk/reports/searches_without_results?limit=1000')).statusCode).toBe(422);
  });
});
