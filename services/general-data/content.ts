import { z } from 'zod'
import {
  companyLogoSchema,
  faqSchema,
  homePostingSchema,
  statisticSchema,
  testimonialSchema,
} from '#domain/contract/general-data'
import { rateLimit } from '#services/platform/auth'
import { defineRoute, errors, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { listFaqs, listHomePostings, listPartnerLogos, listStatistics, listTestimonials } from './content-operations'

/** How long the home page's content may be reused by a cache (seconds). */
export const PUBLIC_CONTENT_MAX_AGE_S = 10

/**
 * The marketing content of the home page (spec §3): public, read-only. Each handler answers what
 * one operation of content-operations.ts returns.
 */
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
    async (c) => c.json(await listFaqs(p, c.req.valid('query'))),
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
    async (c) => c.json(await listStatistics(p)),
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
    async (c) => c.json(await listTestimonials(p)),
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
    async (c) => c.json(await listPartnerLogos(p)),
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
    async (c) => c.json(await listHomePostings(p)),
  )

  return app
}
