import { z } from 'zod'
import {
  companyLogoSchema,
  faqSchema,
  homePostingSchema,
  statisticSchema,
  testimonialSchema,
  type HomePosting,
} from '#domain/contract/general-data'
import { formatPayment } from '#domain/format'
import { rateLimit } from '#services/platform/auth'
import { defineRoute, errors, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { countValidatedDrivers } from '#services/shared/validated-drivers'

export type { HomePosting }

export const HOME_POSTINGS_LIMIT = 12
/** How long the home page's content may be reused by a cache (seconds). */
export const PUBLIC_CONTENT_MAX_AGE_S = 10
const BAD_LIMIT = 'El parámetro limit debe ser un número entre 1 y 100.'

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

export { formatPayment }

/** The marketing content of the home page (spec §3): public, read-only. */
export function contentRoutes(p: Platform) {
  const app = new OpenAPIHono()
  const tags = ['Datos generales']
  const list = <S extends z.ZodType>(schema: S, description: string) => ({
    200: jsonResponse(z.array(schema), description),
    ...errors(429),
  })
  // Every home page view calls these: generous, but a scraper still meets a limit.
  const readLimit = rateLimit(p, 'content', 300 * p.config.RATE_LIMIT_FACTOR, 60_000)
  // Public and the same for everyone: the web tier (and any HTTP cache) may keep it briefly.
  app.use('*', async (c, next) => {
    await next()
    if (c.res.ok) c.header('Cache-Control', `public, max-age=${PUBLIC_CONTENT_MAX_AGE_S}`)
  })

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-faqs',
      operationId: 'listFaqs',
      tags,
      summary: 'Las preguntas frecuentes (limit: 1 a 100, opcional)',
      middleware: [readLimit],
      request: { query: z.object({ limit: z.string().optional() }) },
      responses: { ...list(faqSchema, 'Preguntas'), ...errors(400) },
    },
    async (c) => {
      const limit = limitParam(c.req.query('limit'))
      let q = p.db.selectFrom('faqs').select(['id', 'question', 'answers']).orderBy('position').orderBy('id')
      if (limit) q = q.limit(limit)
      const rows = await q.execute()
      return c.json(rows.map((r) => ({ id: r.id, question: r.question, answers: paragraphs(r.answers) })))
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-statistics',
      operationId: 'listStatistics',
      tags,
      summary: 'Las cifras del inicio',
      middleware: [readLimit],
      responses: { ...list(statisticSchema, 'Cifras') },
    },
    async (c) => {
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
      return c.json(
        rows.map(({ source, ...r }) => (source === 'validated_drivers' && live !== null ? { ...r, value: live } : r)),
      )
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-testimonials',
      operationId: 'listTestimonials',
      tags,
      summary: 'Los testimonios',
      middleware: [readLimit],
      responses: { ...list(testimonialSchema, 'Testimonios') },
    },
    async (c) => {
      const rows = await p.db
        .selectFrom('testimonials')
        .select(['id', 'job_title', 'name_business', 'name', 'comment', 'logo_business'])
        .orderBy('position')
        .orderBy('id')
        .execute()
      return c.json(rows)
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-company-logos',
      operationId: 'listPartnerLogos',
      tags,
      summary: 'Los logos de empresas aliadas',
      middleware: [readLimit],
      responses: { ...list(companyLogoSchema, 'Logos') },
    },
    async (c) => {
      const rows = await p.db
        .selectFrom('partner_logos')
        .select(['id', 'img_logo', 'name'])
        .orderBy('position')
        .orderBy('id')
        .execute()
      return c.json(rows)
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-jobpostings-home',
      operationId: 'listHomePostings',
      tags,
      summary: 'Las últimas ofertas abiertas, para el inicio',
      middleware: [readLimit],
      responses: { ...list(homePostingSchema, 'Ofertas') },
    },
    async (c) => {
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
      const postings: HomePosting[] = rows.map((r) => ({
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
      return c.json(postings)
    },
  )

  return app
}
