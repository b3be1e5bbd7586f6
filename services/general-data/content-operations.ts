import type { z } from 'zod'
import type { faqSchema, HomePosting, statisticSchema } from '#domain/contract/general-data'
import { formatPayment } from '#domain/format'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { countValidatedDrivers } from '#services/shared/validated-drivers'

/**
 * The marketing content of the home page (spec §3) as public operations `(platform, input) →
 * result`: the FAQ, the statistics, the testimonials, the partner logos and the latest open
 * postings, each list by position, then id. The routes (content.ts) add the rate limit and the
 * cache header and answer with the result; tests and scripts call the operations directly.
 */

export const HOME_POSTINGS_LIMIT = 12
const BAD_LIMIT = 'El parámetro limit debe ser un número entre 1 y 100.'

/** The FAQ's query as the call's URL has it: `limit` as typed, absent for all. */
export interface FaqQuery {
  limit?: string | undefined
}

function limitParam(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 100) throw new ApiError(400, BAD_LIMIT)
  return Number(raw)
}

/** Answers stored as a JSON array of paragraphs; a plain string still reads as one paragraph. */
function paragraphs(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw)
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string')
  } catch {
    // stored by hand as plain text
  }
  return [raw]
}

/** The FAQ with its answers as paragraphs, the first `limit` (1 to 100) when given; 400 for another. */
export async function listFaqs(p: Pick<Platform, 'db'>, query: FaqQuery): Promise<z.infer<typeof faqSchema>[]> {
  const limit = limitParam(query.limit)
  let q = p.db.selectFrom('faqs').select(['id', 'question', 'answers']).orderBy('position').orderBy('id')
  if (limit) q = q.limit(limit)
  const rows = await q.execute()
  return rows.map((r) => ({ id: r.id, question: r.question, answers: paragraphs(r.answers) }))
}

/** The home page's figures; one whose source is the validated drivers shows their live count. */
export async function listStatistics(p: Pick<Platform, 'db' | 'now'>): Promise<z.infer<typeof statisticSchema>[]> {
  const rows = await p.db
    .selectFrom('statistics')
    .select(['id', 'key', 'title', 'value', 'description', 'source'])
    .orderBy('position')
    .orderBy('id')
    .execute()
  // The console decides whether a number is typed or the live count of validated drivers.
  const live = rows.some((r) => r.source === 'validated_drivers')
    ? String(await countValidatedDrivers(p.db, p.now()))
    : null
  return rows.map(({ source, ...r }) => (source === 'validated_drivers' && live !== null ? { ...r, value: live } : r))
}

export async function listTestimonials(p: Pick<Platform, 'db'>) {
  return p.db
    .selectFrom('testimonials')
    .select(['id', 'job_title', 'name_business', 'name', 'comment', 'logo_business'])
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export async function listPartnerLogos(p: Pick<Platform, 'db'>) {
  return p.db.selectFrom('partner_logos').select(['id', 'img_logo', 'name']).orderBy('position').orderBy('id').execute()
}

/** The latest open postings, newest first, at most HOME_POSTINGS_LIMIT, with their places named. */
export async function listHomePostings(p: Pick<Platform, 'db'>): Promise<HomePosting[]> {
  const rows = await p.db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as co', 'co.id', 'jp.company_id')
    .innerJoin('zones as z', 'z.id_zone', 'jp.id_zone')
    .innerJoin('regions as r', 'r.id_region', 'jp.id_region')
    .innerJoin('communes as cm', 'cm.id_commune', 'jp.id_commune')
    .innerJoin('vehicles as v', 'v.id_vehicle', 'jp.id_vehicle')
    .innerJoin('schedules as s', 's.id_schedule', 'jp.id_schedule')
    .select([
      'jp.id',
      'jp.title',
      'co.logo_url',
      'co.name as company_name',
      'z.name_zone',
      'r.name_region',
      'cm.name_commune',
      'v.name_vehicle',
      's.name_schedule',
      'jp.pawn',
      'jp.payment_amount',
      'jp.payment_period',
      'jp.created_at',
    ])
    .where('jp.status', '=', 'open')
    .orderBy('jp.created_at', 'desc')
    .orderBy('jp.id', 'desc')
    .limit(HOME_POSTINGS_LIMIT)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    logo: r.logo_url,
    company_name: r.company_name,
    name_zone: r.name_zone,
    name_region: r.name_region,
    name_commune: r.name_commune,
    name_vehicle: r.name_vehicle,
    time: r.name_schedule,
    pawn: r.pawn ? 'Si' : 'No',
    payment: formatPayment(Number(r.payment_amount), r.payment_period),
    payment_amount: Number(r.payment_amount),
    payment_period: r.payment_period,
    created_at: r.created_at,
  }))
}
