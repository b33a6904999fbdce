import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { WEBHOOK_RECEIVER_PORT } from '../playwright.config.ts';
import { startSftpServer, type FileServer } from '../src/server/test/file-servers.ts';
import { createAccount } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { adminApi } from './support/admin.ts';
import { apiClient, apiClientOf } from './support/api-client.ts';
import { signInThroughApi } from './support/demo.ts';
import { holdPeerPort, startPeerFront } from './support/peer-port.ts';
import { signInAsStaff } from './support/staff.ts';
import { joinedMember } from './support/team.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Delivery rules in the user area (issue 30). A user without a saved search yet is pointed to the
 * saved searches page; with one saved, they make a rule that delivers what it finds to their SFTP
 * server, see it listed without its password, change it (the password left empty keeps the stored
 * one), pause it, open its empty log and delete it (en, ar). The journey (en, ar): a master
 * makes a key and a rule, an editor publishes a matching clip, the file and its sidecar arrive on
 * the SFTP peer, and a member of the master's team downloads the story; the editor kills it, the
 * sidecar saying canceled arrives, the webhook receiver hears content.killed, and the member's my
 * content says Killed. The peers listen behind the one local port the server may reach.
 */
const TEXTS = {
  en: {
    active: 'Active',
    paused: 'Paused',
    branded: 'Branded',
    hd: 'HD (720p)',
    sd: '240p',
    keep: 'Leave it empty to keep the one saved.',
  },
  ar: {
    active: 'مفعّلة',
    paused: 'موقوفة مؤقتًا',
    branded: 'بشعاركم',
    hd: 'HD (720p)',
    sd: '240p',
    keep: 'اتركوه فارغًا للإبقاء على المحفوظ.',
  },
} as const;

let sftp: FileServer;
let releasePort: () => Promise<void>;
let receiver: http.Server;
let front: { close(): Promise<void> };
const hooks: { path: string; body: string }[] = [];
const PEER = { host: '127.0.0.1', port: WEBHOOK_RECEIVER_PORT };

// The tests share the peers' one port, so they run one after the other in one worker; each is
// retried on its own (a retry of a journey is a minute, of the whole file four).
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // Another spec may hold the port for a few minutes.
  test.setTimeout(400_000);
  releasePort = await holdPeerPort();
  sftp = await startSftpServer();
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hooks.push({ path: request.url ?? '/', body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  front = await startPeerFront(sftp.port, (receiver.address() as net.AddressInfo).port);
});
test.afterAll(async () => {
  await front?.close();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  await sftp?.close();
  await releasePort?.();
});

/** The whole page; a dialog as the reader sees it (the page behind it scrolled to where it was). */
async function screenshot(page: Page, name: string, fullPage = true) {
  await page.mouse.move(5, 400);
  await keepScreenshot(page, { path: path.join('test-results', 'screens', `${name}.png`), fullPage });
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a user makes a delivery rule to their SFTP server, changes it, pauses it, reads its log and deletes it`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    const system = await apiClient(origin);
    const account = await createAccount(system, { locale });
    await signInThroughApi(page, origin, account);
    const api = await apiClientOf(page, origin);

    // No saved search yet: the dialog says a rule follows one, and links to where they are kept.
    await page.goto(`/${locale}/user/integrations`);
    const section = page.getByTestId('delivery-rules');
    await expect(section.getByTestId('delivery-rules-empty')).toBeVisible();
    await section.getByTestId('delivery-rule-new').click();
    const dialog = page.getByTestId('delivery-rule-dialog');
    const none = dialog.getByTestId('delivery-rule-no-searches');
    await expect(none).toBeVisible();
    await expect(none.getByRole('link')).toHaveAttribute('href', `/${locale}/user/saved-searches`);
    await expect(dialog.getByTestId('delivery-rule-submit')).toBeDisabled();
    await page.keyboard.press('Escape');

    const searchName = `Floods ${locale} ${Date.now()}`;
    const saved = await api.post('/api/current_user/saved_searches', { data: { name: searchName, query: { search: 'flood' } } });
    expect(saved.status()).toBe(201);
    await page.reload();

    // The rule: checked in the page first (name, search and server needed; then branded needs the logo's place).
    await section.getByTestId('delivery-rule-new').click();
    await expect(dialog.getByTestId('delivery-rule-search')).toBeVisible();
    await dialog.getByTestId('delivery-rule-format').selectOption('branded');
    await dialog.getByTestId('delivery-rule-submit').click();
    await expect(dialog.getByTestId('delivery-rule-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('delivery-rule-search')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('delivery-rule-host')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByTestId('delivery-rule-name').fill('Floods to the CMS');
    await dialog.getByTestId('delivery-rule-search').selectOption({ label: searchName });
    await dialog.getByTestId('delivery-rule-quality').selectOption('hd');
    await expect(dialog.getByTestId('delivery-rule-protocol')).toHaveValue('sftp');
    // The protocol switches the destination's fields.
    await dialog.getByTestId('delivery-rule-protocol').selectOption('s3');
    await expect(dialog.getByTestId('delivery-rule-bucket')).toBeVisible();
    await expect(dialog.getByTestId('delivery-rule-secret-key')).toHaveAttribute('type', 'password');
    await expect(dialog.getByTestId('delivery-rule-host')).toHaveCount(0);
    await dialog.getByTestId('delivery-rule-protocol').selectOption('sftp');
    await dialog.getByTestId('delivery-rule-host').fill('127.0.0.1');
    await dialog.getByTestId('delivery-rule-port').fill(String(PEER.port));
    await dialog.getByTestId('delivery-rule-username').fill(sftp.username);
    await expect(dialog.getByTestId('delivery-rule-password')).toHaveAttribute('type', 'password');
    await dialog.getByTestId('delivery-rule-password').fill(sftp.password);
    await dialog.getByTestId('delivery-rule-directory').fill('incoming');
    await dialog.getByTestId('delivery-rule-submit').click();
    await expect(dialog.getByTestId('delivery-rule-position')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('delivery-rule-name')).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByTestId('delivery-rule-position').selectOption('top_right');
    await screenshot(page, `delivery-rule-dialog-${locale}`, false);
    await dialog.getByTestId('delivery-rule-submit').click();
    await expect(dialog).toBeHidden();

    const row = section.getByTestId('delivery-rule-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Floods to the CMS');
    await expect(row.getByTestId('delivery-rule-search-name')).toContainText(searchName);
    await expect(row.getByTestId('delivery-rule-file')).toContainText(text.branded);
    await expect(row.getByTestId('delivery-rule-file')).toContainText(text.hd);
    await expect(row.getByTestId('delivery-rule-destination')).toHaveText(`sftp://${sftp.username}@127.0.0.1:${PEER.port}/incoming`);
    await expect(row).not.toContainText(sftp.password);
    await expect(row.getByTestId('delivery-rule-state')).toHaveText(text.active);
    await screenshot(page, `delivery-rules-${locale}`);

    // A change: the password left empty keeps the stored one (the hint says so).
    await row.getByTestId('delivery-rule-edit').click();
    await expect(dialog.getByTestId('delivery-rule-name')).toHaveValue('Floods to the CMS');
    await expect(dialog.getByTestId('delivery-rule-host')).toHaveValue('127.0.0.1');
    await expect(dialog.getByTestId('delivery-rule-password')).toHaveValue('');
    await expect(dialog).toContainText(text.keep);
    await dialog.getByTestId('delivery-rule-name').fill('Floods, small');
    await dialog.getByTestId('delivery-rule-quality').selectOption('sd');
    await dialog.getByTestId('delivery-rule-submit').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Floods, small');
    await expect(row.getByTestId('delivery-rule-file')).toContainText(text.sd);
    await expect(row.getByTestId('delivery-rule-destination')).toHaveText(`sftp://${sftp.username}@127.0.0.1:${PEER.port}/incoming`);

    // Paused, and its log is empty yet.
    await row.getByTestId('delivery-rule-toggle').click();
    await expect(row.getByTestId('delivery-rule-state')).toHaveText(text.paused);
    await row.getByTestId('delivery-rule-log').click();
    const log = page.getByTestId('delivery-log-dialog');
    await expect(log.getByTestId('delivery-log-empty')).toBeVisible();
    await screenshot(page, `delivery-log-${locale}`, false);
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();

    // Deleted after a confirmation.
    await row.getByTestId('delivery-rule-delete').click();
    const confirm = page.getByTestId('delivery-rule-delete-dialog');
    await expect(confirm).toContainText('Floods, small');
    await confirm.getByTestId('delivery-rule-delete-confirm').click();
    await expect(section.getByTestId('delivery-rules-empty')).toBeVisible();
    const rules = (await (await api.get('/api/current_user/delivery_rules')).json()) as { rules: unknown[] };
    expect(rules.rules).toHaveLength(0);
    await Promise.all([api.dispose(), system.dispose()]);
  });
}

const WORK = path.join(process.cwd(), 'test-results', 'delivery-rules');

/** 2 s of 720p picture and tone: the story's master, short so that it is ingested and rendered soon. */
function makeClip(file: string) {
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '1500k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
}

const sidecarOf = (folder: string) => {
  const files = (() => {
    try {
      return readdirSync(folder).sort();
    } catch {
      return [];
    }
  })();
  const sidecar = files.find((file) => file.endsWith('.json'));
  const pubstatus = sidecar ? (JSON.parse(readFileSync(path.join(folder, sidecar), 'utf8')) as { pubstatus?: string }).pubstatus : null;
  return { files, sidecar, pubstatus };
};

const JOURNEY = {
  en: {
    headline: 'Okapi census {{word}} finds more calves',
    script: 'Rangers counted the forest giraffes for the first time in a decade.',
    shotlist: '00:01 Okapi in the forest',
    place: 'Epulu',
    search: 'Okapis {{word}}',
    rule: 'Okapis to playout',
    reason: 'Misidentified footage {{word}}',
  },
  ar: {
    headline: 'إحصاء حيوانات الأوكابي {{word}} يكشف عن صغار أكثر',
    script: 'أحصى الحراس زرافات الغابة لأول مرة منذ عقد.',
    shotlist: '00:01 أوكابي في الغابة',
    place: 'إيبولو',
    search: 'أوكابي {{word}}',
    rule: 'الأوكابي إلى البث',
    reason: 'لقطات خاطئة التعريف {{word}}',
  },
} as const;

/** The story's master, made once for the run: each upload of it is a story of its own. */
function clipFile(): string {
  mkdirSync(WORK, { recursive: true });
  const clip = path.join(WORK, 'okapi.mp4');
  if (existsSync(clip)) return clip;
  // Made under another name first: a worker stopped meanwhile leaves no half a clip for its retry.
  const making = path.join(WORK, `okapi-${process.pid}.mp4`);
  makeClip(making);
  renameSync(making, clip);
  return clip;
}

type RuleFile = { video_format: string; quality: string; file_type: string };

/** The editor uploads the clip at the desk, in the journey's language; the answer once its media is ready. */
async function uploadStory(browser: Browser, origin: string, locale: 'en' | 'ar') {
  const deskContext = await browser.newContext({ baseURL: origin });
  const desk = await deskContext.newPage();
  await signInAsStaff(desk, 'newsroom', origin);
  await desk.goto(`/${locale}/desk/uploads`);
  await expect(desk.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  await desk.getByTestId('ingest-files').setInputFiles(clipFile());
  const ingest = desk.getByTestId('ingest-row');
  const link = ingest.getByTestId('ingest-item-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(ingest.getByTestId('ingest-stage')).toHaveAttribute('data-state', 'ready', { timeout: 150_000 });
  const id = Number(/\/desk\/content\/(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1]);
  return { deskContext, desk, id };
}

for (const locale of ['en', 'ar'] as const) {
  const words = JOURNEY[locale];
  const text = (key: string) => catalogueText(locale, key);

  test(`${locale}: a master makes a key and a rule, an editor publishes a matching clip, it arrives with its sidecar, and the kill follows it to a member's my content`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(480_000);
    const origin = baseURL ?? '';
    const word = `okapi${Math.random().toString(36).slice(2, 8)}`;
    const headline = words.headline.replace('{{word}}', word);
    const searchName = words.search.replace('{{word}}', word);
    const hookPath = `/kills-${locale}-${word}`;
    const folder = `in-${locale}-${word}`;

    // The editor's clip is ingested while the master sets up their systems and their team.
    const [story, team] = await Promise.all([
      uploadStory(browser, origin, locale),
      (async () => {
        // The master, with an agreement the sales desk made that allows unattended delivery, accepted.
        const system = await apiClient(origin);
        const account = await createAccount(system, { locale });
        const customerContext = await browser.newContext({ baseURL: origin });
        const page = await customerContext.newPage();
        await signInThroughApi(page, origin, account);
        const master = await apiClientOf(page, origin);
        const sales = await adminApi(origin, 'sales');
        const found = (await (await sales.get('/api/desk/customers', { params: { q: account.email } })).json()) as {
          customers: { id: number; company: { id: number } | null }[];
        };
        const customer = found.customers[0];
        const owner = customer?.company ? { company_id: customer.company.id } : { user_id: customer?.id };
        const made = await sales.post('/api/desk/agreements', {
          data: {
            owner,
            terms: {
              agreement_type: 'enterprise',
              live_access: false,
              vod_access: true,
              access: 'all_content',
              balances: [{ kind: 'standard', amount: 5, refill: null }],
              start_date: new Date().toISOString().slice(0, 10),
              valid_till: `${new Date().getUTCFullYear() + 1}-12-31`,
              billing_period: 'month',
              duration: null,
              archival_days: null,
              auto_renewal: false,
              renewal_months: null,
              currency: 'EUR',
              next_invoice_date: null,
              next_invoice_cents: null,
              top_up_price_cents: null,
              platform_urls: [],
              unattended_delivery: true,
            },
          },
        });
        expect(made.status(), await made.text()).toBe(201);
        const agreement = (await made.json()) as { id: number };
        await sales.dispose();
        const accepted = await master.post(`/api/current_user/agreements/${agreement.id}/accepts`);
        expect(accepted.status(), await accepted.text()).toBe(200);

        // The master's systems: a content API key, a webhook endpoint for kills, a saved search and a rule.
        const key = await master.post('/api/current_user/api_keys', { data: { name: 'Newsroom CMS', scopes: ['read'] } });
        expect(key.status(), await key.text()).toBe(201);
        const hook = await master.post('/api/current_user/webhooks', {
          data: { url: `http://${PEER.host}:${PEER.port}${hookPath}`, events: ['content.killed'] },
        });
        expect(hook.status(), await hook.text()).toBe(201);
        const saved = await master.post('/api/current_user/saved_searches', { data: { name: searchName, query: { search: word } } });
        expect(saved.status()).toBe(201);
        await page.goto(`/${locale}/user/integrations`);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        const section = page.getByTestId('delivery-rules');
        await section.getByTestId('delivery-rule-new').click();
        const dialog = page.getByTestId('delivery-rule-dialog');
        await dialog.getByTestId('delivery-rule-name').fill(words.rule);
        await dialog.getByTestId('delivery-rule-search').selectOption({ label: searchName });
        await dialog.getByTestId('delivery-rule-quality').selectOption('sd');
        await dialog.getByTestId('delivery-rule-host').fill(PEER.host);
        await dialog.getByTestId('delivery-rule-port').fill(String(PEER.port));
        await dialog.getByTestId('delivery-rule-username').fill(sftp.username);
        await dialog.getByTestId('delivery-rule-password').fill(sftp.password);
        await dialog.getByTestId('delivery-rule-directory').fill(folder);
        await dialog.getByTestId('delivery-rule-submit').click();
        await expect(dialog).toBeHidden();
        const row = section.getByTestId('delivery-rule-row');
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(words.rule);

        // A colleague joins the master's team.
        const member = await joinedMember(master, system, { locale });
        const memberContext = await browser.newContext({ baseURL: origin });
        const memberPage = await memberContext.newPage();
        await signInThroughApi(memberPage, origin, member);
        const memberApi = await apiClientOf(memberPage, origin);
        expect((await memberApi.post('/api/current_user/accept_terms_of_service')).ok()).toBe(true);
        await system.dispose();
        return { customerContext, page, master, row, memberContext, memberPage, memberApi };
      })(),
    ]);
    const { deskContext, desk, id } = story;
    const { customerContext, page, master, row, memberContext, memberPage, memberApi } = team;

    // The editor describes the story with the word, in its language, and publishes it.
    await desk.goto(`/${locale}/desk/content/${id}`);
    await expect(desk.getByTestId('describe-form')).toBeVisible({ timeout: 30_000 });
    await desk.locator('select[name="language"]').selectOption(locale);
    await desk.getByTestId(`tab-${locale}`).click();
    await desk.locator(`input[name="headline_${locale}"]`).fill(headline);
    await desk.locator(`textarea[name="script_${locale}"]`).fill(words.script);
    await desk.locator(`textarea[name="shotlist_${locale}"]`).fill(words.shotlist);
    await desk.locator('input[name="dateline_place"]').fill(words.place);
    await desk.locator('input[name="dateline_date"]').fill('2026-11-20');
    await desk.locator('input[name="source"]').fill('Newsreel');
    await desk.locator('select[name="access"]').selectOption('paid');
    await desk.locator('input[name="price"]').fill('50');
    await expect(desk.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await desk.getByTestId('action-publish').click();
    await expect(desk.getByTestId('content-editor')).toHaveAttribute('data-state', 'published');
    const video = decodeURIComponent(
      /\/videos\/([^/?#]+)/.exec((await desk.getByTestId('catalogue-link').getAttribute('href')) ?? '')?.[1] ?? '',
    );

    // The file and its sidecar arrive on the SFTP peer; the rule's list says delivered.
    const remote = path.join(sftp.root, folder);
    await expect.poll(() => sidecarOf(remote), { timeout: 240_000, intervals: [1000] }).toMatchObject({ pubstatus: 'usable' });
    const delivered = sidecarOf(remote);
    expect(delivered.files).toHaveLength(2);
    expect(delivered.sidecar).toBe(`${delivered.files.find((file) => !file.endsWith('.json'))}.json`);
    await page.reload();
    await expect(row.getByTestId('delivery-rule-last')).toContainText(text('deliveryRules.deliveryStates.delivered'));
    await expect(row.getByTestId('delivery-rule-last')).toContainText(headline);
    await screenshot(page, `delivery-rules-delivered-${locale}`);

    // The member downloads the story under the company's agreement: the rule's file, made already.
    const [ruleFile] = ((await (await master.get('/api/current_user/delivery_rules')).json()) as { rules: RuleFile[] }).rules;
    const got = await memberApi.post(`/api/content/video_projects/${encodeURIComponent(video)}/videos/download`, {
      data: {
        video_format: ruleFile?.video_format,
        quality: ruleFile?.quality,
        file_type: ruleFile?.file_type,
        restrictions_accepted: true,
      },
    });
    expect(got.status(), await got.text()).toBe(200);
    expect(((await got.json()) as { exist: boolean }).exist).toBe(true);

    // The editor kills it: the sidecar says canceled and the file goes, the webhook hears content.killed.
    const reason = words.reason.replace('{{word}}', word);
    await desk.getByTestId('action-kill').click();
    await desk.getByTestId('action-words').fill(reason);
    await desk.getByTestId('action-confirm').click();
    await expect(desk.getByTestId('content-editor')).toHaveAttribute('data-state', 'killed');
    await deskContext.close();
    await expect
      .poll(() => sidecarOf(remote), { timeout: 120_000, intervals: [1000] })
      .toEqual({ files: [delivered.sidecar], sidecar: delivered.sidecar, pubstatus: 'canceled' });
    await expect
      .poll(() => hooks.filter((entry) => entry.path === hookPath).map((entry) => (JSON.parse(entry.body) as { type: string }).type), {
        timeout: 60_000,
      })
      .toContain('content.killed');

    // The rule's log says both.
    await page.reload();
    await row.getByTestId('delivery-rule-log').click();
    const log = page.getByTestId('delivery-log-dialog');
    await expect(log.getByTestId('delivery-log-entry')).toHaveCount(2);
    await expect(log.locator('[data-testid="delivery-log-entry"][data-kind="cancel"]')).toHaveAttribute('data-state', 'delivered');
    await screenshot(page, `delivery-log-killed-${locale}`, false);
    await customerContext.close();

    // The member's my content says Killed, and their notices have the kill with its reason; the master's my content too.
    await memberPage.goto(`/${locale}/user/my-content`);
    const item = memberPage.getByTestId('downloaded-item').filter({ hasText: headline });
    await expect(item.getByTestId('downloaded-item-state')).toHaveAttribute('data-state', 'killed');
    await expect(item.getByTestId('downloaded-item-state')).toContainText(text('myContent.contentState.killed'));
    // Their requested file no longer offers a download: it says withdrawn, and why.
    const file = memberPage.getByTestId('requested-file').filter({ hasText: headline });
    await expect(file.getByTestId('requested-file-stage')).toHaveText(text('myContent.withdrawn'));
    await expect(file.getByTestId('requested-file-withdrawn')).toHaveText(text('myContent.contentState.killedText'));
    await expect(file.getByTestId('requested-file-download')).toHaveCount(0);
    await screenshot(memberPage, `delivery-rules-member-my-content-${locale}`);
    await expect
      .poll(async () => {
        const { notices } = (await (await memberApi.get('/api/current_user/notices')).json()) as {
          notices: { text_key: string; values: Record<string, string> }[];
        };
        return notices.find((notice) => notice.text_key === 'contentKilled')?.values;
      })
      .toEqual({ title: headline, reason });
    const mine = (await (await master.get('/api/current_user/my_content/entities')).json()) as {
      entities: { video: { title: string }; content_state: string }[];
    };
    expect(mine.entities.find((entity) => entity.video.title === headline)?.content_state).toBe('killed');
    await memberContext.close();
    await Promise.all([master.dispose(), memberApi.dispose()]);
  });
}
