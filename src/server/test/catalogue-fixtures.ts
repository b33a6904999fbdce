import type { Db } from '../db/client.ts';
import { categories, tags } from '../modules/catalogue/schema.ts';
import { insertProjects, type NewProject } from '../modules/catalogue/writer.ts';

const names = (en: string, es: string, ru: string, ar: string) => ({ en, es, ru, ar });

/** A small catalogue in four languages that the catalogue tests reason about. */
export async function seedTestCatalogue(db: Db, now: Date) {
  // Every install has the taxonomy already; the fixture makes sure of the two it uses.
  await db
    .insert(categories)
    .values([
      { slug: 'politics', names: names('Politics', 'Política', 'Политика', 'سياسة'), position: 0 },
      { slug: 'society', names: names('Society', 'Sociedad', 'Общество', 'مجتمع'), position: 1 },
    ])
    .onConflictDoNothing({ target: categories.slug });
  await db.insert(tags).values([
    { slug: 'elections', names: names('Elections', 'Elecciones', 'Выборы', 'انتخابات') },
    { slug: 'floods', names: names('Floods', 'Inundaciones', 'Наводнения', 'فيضانات'), viewType: 'landing', externalLanding: true },
    { slug: 'protests', names: names('Protests', 'Protestas', 'Протесты', 'احتجاجات') },
    { slug: 'unused', names: names('Unused', 'Sin uso', 'Без использования', 'غير مستخدم') },
  ]);
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
  const projects: NewProject[] = [
    {
      projectId: 'NR-T-0001',
      language: 'en',
      title: 'Floods hit northern Italy',
      story: 'Rivers burst their banks after days of rain.',
      shotlist: [{ number: 1, text: 'Wide of flooded street' }],
      datelinePlace: 'Milan',
      datelineDate: '2026-11-20',
      countryCode: 'IT',
      categorySlug: 'society',
      tagSlugs: ['floods'],
      duration: 120,
      freeAccess: true,
      publishedAt: day('2026-11-20'),
    },
    {
      projectId: 'NR-T-0002',
      language: 'es',
      title: 'Inundaciones en Valencia',
      story: 'Las lluvias torrenciales anegan barrios enteros.',
      datelinePlace: 'Valencia',
      datelineDate: '2026-11-18',
      countryCode: 'ES',
      categorySlug: 'society',
      tagSlugs: ['floods'],
      duration: 300,
      publishedAt: day('2026-11-18'),
    },
    {
      projectId: 'NR-T-0003',
      language: 'ru',
      title: 'Выборы в Москве',
      story: 'Избиратели пришли на участки с утра.',
      datelinePlace: 'Москва',
      datelineDate: '2026-11-10',
      countryCode: 'RU',
      categorySlug: 'politics',
      tagSlugs: ['elections'],
      duration: 200,
      pool: true,
      publishedAt: day('2026-11-10'),
    },
    {
      projectId: 'NR-T-0004',
      language: 'ar',
      title: 'احتجاجات في القاهرة',
      story: 'تجمع المحتجون في وسط المدينة.',
      datelinePlace: 'القاهرة',
      datelineDate: '2026-10-01',
      countryCode: 'EG',
      categorySlug: 'politics',
      tagSlugs: ['protests'],
      duration: 60,
      publishedAt: day('2026-10-01'),
    },
    {
      projectId: 'NR-T-0005',
      language: 'en',
      title: 'Parliament votes on budget',
      story: 'The vote follows weeks of debate after the floods.',
      datelinePlace: 'London',
      datelineDate: '2026-11-21',
      countryCode: 'GB',
      categorySlug: 'politics',
      tagSlugs: ['elections'],
      duration: 400,
      publishedAt: day('2026-11-21'),
      restrictions: [
        { code: 'no_access_countries', countries: ['GB'] },
        { code: 'embargo', until: '2026-11-22T10:00:00Z' },
      ],
    },
    {
      projectId: 'NR-T-0006',
      language: 'en',
      title: 'Flood defences tested on the Thames',
      story: 'Engineers close the barrier.',
      datelinePlace: 'London',
      datelineDate: '2026-01-05',
      countryCode: 'GB',
      categorySlug: 'society',
      tagSlugs: [],
      duration: 90,
      publishedAt: day('2026-01-05'),
      formats: ['clean', 'credit'],
    },
  ];
  return insertProjects(db, projects, now);
}
