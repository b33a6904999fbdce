import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { precompressFile } from '../../../scripts/vite-precompress.ts';
import { seedTestCatalogue } from '../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** A chunk large enough to be worth compressing. */
export const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const headline${i} = 'Story number ${i}';`).join('\n');

/**
 * The app serving a small built browser app (its shell, a manifest with a dashboard page and a
 * locale per language, a precompressed chunk) over the test catalogue, with a landing host.
 */
export async function shellTestApp(): Promise<{ t: TestApp; projectIds: number[]; webRoot: string }> {
  const webRoot = await mkdtemp(path.join(os.tmpdir(), 'newsreel-web-'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><meta name="description" content="Licence news video." /><title>Newsreel</title></head><body><div id="root"><main class="app__main"><div class="loading-fallback" role="status" aria-live="polite"><span class="loading-fallback__spinner" aria-hidden="true"></span></div></main></div></body></html>',
  );
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  await mkdir(path.join(webRoot, '.vite'));
  await writeFile(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-abc123.js', imports: ['_framework-f1.js'] },
      '_framework-f1.js': { file: 'assets/framework-f1.js' },
      'i18n/locales/ar.json': { file: 'assets/ar-a1b2.js' },
      'i18n/locales/en.json': { file: 'assets/en-c3d4.js' },
      'features/catalogue/dashboard-page.tsx': {
        file: 'assets/dashboard-page-d1.js',
        imports: ['_framework-f1.js', 'index.html', '_cards-c1.js'],
        css: ['assets/dashboard-d1.css'],
      },
      '_cards-c1.js': { file: 'assets/cards-c1.js', css: ['assets/cards-c1.css'] },
      'features/catalogue/video-page.tsx': { file: 'assets/video-page-v1.js', imports: ['_framework-f1.js', '_cards-c1.js'] },
      'lib/i18n-sections.ts': { file: 'assets/i18n-sections-s1.js' },
      '../../node_modules/@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2': {
        file: 'assets/inter-cyrillic-wght-normal-k1.woff2',
      },
      ...Object.fromEntries(
        ['download', 'video', 'planDetails', 'plans'].flatMap((section) =>
          ['en', 'ar'].map((locale) => [`i18n/locales/${locale}/${section}.json`, { file: `assets/${section}-${locale}.js` }]),
        ),
      ),
    }),
  );
  // What `vite build` writes for a real chunk: the file, and its .br and .gz beside it.
  await writeFile(path.join(webRoot, 'assets', 'chunk-def456.js'), BIG_SCRIPT);
  await precompressFile(path.join(webRoot, 'assets', 'chunk-def456.js'));
  const t = await createTestApp({ config: { webRoot, siteVariants: { 'landing.localhost': 'landing' } } });
  return { t, projectIds: await seedTestCatalogue(t.database.db, t.services.clock.now()), webRoot };
}
