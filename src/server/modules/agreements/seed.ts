import { eq, inArray } from 'drizzle-orm';
import type { AgreementType, ContentKind } from '../../../common/agreements.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../accounts/schema.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { openBalance, recordOperation } from './operations.ts';
import { agreements, planningSections } from './schema.ts';

const DAY = 24 * 3600 * 1000;
const day = (date: Date) => date.toISOString().slice(0, 10);

type DemoAgreement = {
  owner: { email: string; company?: boolean };
  type: AgreementType;
  status: 'active' | 'user_accepting';
  live: boolean;
  balances: { kind: ContentKind; amount: number; refill: number | null; used?: number }[];
  months: number;
  renewal?: { cents: number };
  billingPeriod: 'month' | 'year';
  topUpCents?: number;
  platformUrls?: string[];
};

/**
 * The demo accounts' agreements (issue: each demo account shows a different plan-details page):
 * the subscriber's annual pass with a pool balance, the master's company's branded enterprise
 * agreement and a regional one awaiting the master's acceptance, and the client's connect one.
 */
const DEMO_AGREEMENTS: DemoAgreement[] = [
  {
    owner: { email: 'subscriber@newsreel.example' },
    type: 'pass',
    status: 'active',
    live: false,
    balances: [{ kind: 'pool', amount: 10, refill: 10, used: 3 }],
    months: 12,
    renewal: { cents: 9600 },
    billingPeriod: 'year',
    topUpCents: 2500,
    platformUrls: ['https://canalsur-noticias.example', 'https://social.example/canalsurnoticias'],
  },
  {
    owner: { email: 'master@newsreel.example', company: true },
    type: 'enterprise_branded',
    status: 'active',
    live: true,
    balances: [
      { kind: 'standard', amount: 200, refill: 200, used: 12 },
      { kind: 'pool', amount: 30, refill: 30, used: 4 },
      { kind: 'spherical', amount: 10, refill: 10 },
    ],
    months: 12,
    billingPeriod: 'month',
  },
  {
    owner: { email: 'master@newsreel.example', company: true },
    type: 'regional',
    status: 'user_accepting',
    live: true,
    balances: [{ kind: 'standard', amount: 50, refill: 50 }],
    months: 12,
    billingPeriod: 'month',
  },
  {
    owner: { email: 'client@newsreel.example' },
    type: 'connect',
    status: 'active',
    live: false,
    balances: [{ kind: 'standard', amount: 40, refill: 40, used: 5 }],
    months: 6,
    billingPeriod: 'month',
  },
];

export async function seedDemoAgreements(db: Db, now: Date) {
  const [existing] = await db.select({ id: agreements.id }).from(agreements).limit(1);
  if (existing) return;
  const owners = await db
    .select()
    .from(users)
    .where(inArray(users.email, [...new Set(DEMO_AGREEMENTS.map((demo) => demo.owner.email))]));
  const [someVideo] = await db.select({ id: videoProjects.id }).from(videoProjects).where(eq(videoProjects.limitType, 'pool')).limit(1);
  await db.transaction(async (tx) => {
    for (const demo of DEMO_AGREEMENTS) {
      const owner = owners.find((user) => user.email === demo.owner.email);
      if (!owner) continue;
      const start = new Date(now.getTime() - 30 * DAY);
      const validTill = new Date(start.getTime() + demo.months * 30.4375 * DAY);
      const [row] = await tx
        .insert(agreements)
        .values({
          ...(demo.owner.company && owner.companyId ? { companyId: owner.companyId } : { userId: owner.id }),
          agreementType: demo.type,
          status: demo.status,
          liveAccess: demo.live,
          vodAccess: true,
          access: demo.live ? 'all_content' : 'video',
          billingPeriod: demo.billingPeriod,
          durationValue: demo.months,
          durationUnit: 'months',
          startDate: day(start),
          validTill,
          autoRenewal: demo.renewal !== undefined,
          renewalMonths: demo.renewal ? demo.months : null,
          nextInvoiceDate: demo.renewal ? day(validTill) : null,
          nextInvoiceCents: demo.renewal?.cents ?? null,
          topUpPriceCents: demo.topUpCents ?? null,
          platformUrls: demo.platformUrls ?? [],
          acceptedAt: demo.status === 'active' ? start : null,
          createdAt: start,
          updatedAt: start,
        })
        .returning();
      if (!row) continue;
      for (const balance of demo.balances) {
        await openBalance(tx, { agreementId: row.id, kind: balance.kind, amount: balance.amount, refillAmount: balance.refill, at: now });
        for (let use = 0; use < (balance.used ?? 0); use += 1)
          await recordOperation(tx, {
            agreementId: row.id,
            kind: balance.kind,
            type: 'download',
            amount: -1,
            userId: owner.id,
            videoProjectId: someVideo?.id ?? null,
            at: now,
          });
      }
    }
  });
  await seedPlanningSections(db);
}

const ENTERPRISE_TYPES: AgreementType[] = [
  'enterprise',
  'enterprise_branded',
  'regional',
  'bundle',
  'bundle_branded',
  'connect',
  'connect_branded',
];

export async function seedPlanningSections(db: Db) {
  const [existing] = await db.select({ id: planningSections.id }).from(planningSections).limit(1);
  if (existing) return;
  await db.insert(planningSections).values([
    {
      slug: 'week-ahead',
      position: 1,
      agreementTypes: ENTERPRISE_TYPES,
      titles: { en: 'The week ahead', es: 'La semana que viene', ru: 'Неделя впереди', ar: 'الأسبوع المقبل' },
      bodies: {
        en: '<p>Monday: EU finance ministers meet in Brussels (live, 09:00 CET). Wednesday: flood relief plan vote. Friday: film festival opening, red carpet from 18:00.</p>',
        es: '<p>Lunes: reunión de ministros de Finanzas de la UE en Bruselas (en directo, 09:00 CET). Miércoles: votación del plan de ayuda por las inundaciones. Viernes: apertura del festival de cine, alfombra roja desde las 18:00.</p>',
        ru: '<p>Понедельник: встреча министров финансов ЕС в Брюсселе (прямой эфир, 09:00 CET). Среда: голосование по плану помощи пострадавшим от наводнения. Пятница: открытие кинофестиваля, красная дорожка с 18:00.</p>',
        ar: '<p>الاثنين: اجتماع وزراء مالية الاتحاد الأوروبي في بروكسل (بث مباشر، 09:00 بتوقيت وسط أوروبا). الأربعاء: التصويت على خطة الإغاثة من الفيضانات. الجمعة: افتتاح مهرجان السينما، السجادة الحمراء من الساعة 18:00.</p>',
      },
    },
    {
      slug: 'elections',
      position: 2,
      agreementTypes: ENTERPRISE_TYPES,
      titles: { en: 'Elections diary', es: 'Agenda electoral', ru: 'Календарь выборов', ar: 'مفكرة الانتخابات' },
      bodies: {
        en: '<p>Regional elections in three countries this quarter: candidate debates, polling-day feeds and results-night live events are planned for each.</p>',
        es: '<p>Elecciones regionales en tres países este trimestre: para cada una hay previstos debates, señales del día de votación y directos de la noche electoral.</p>',
        ru: '<p>Региональные выборы в трёх странах в этом квартале: для каждой запланированы дебаты, трансляции дня голосования и прямые эфиры в ночь подсчёта.</p>',
        ar: '<p>انتخابات إقليمية في ثلاث دول هذا الربع: لكل منها مناظرات بين المرشحين وبث يوم الاقتراع وبث مباشر لليلة النتائج.</p>',
      },
    },
  ]);
}
