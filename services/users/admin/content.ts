import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { contentCreatedSchema, contentDataSchema } from '#domain/contract/admin'
import { okMessageSchema } from '#domain/contract/common'
import {
  ADMIN_MESSAGES,
  faqSchema,
  moveSchema,
  partnerLogoNameSchema,
  statisticSchema,
  testimonialSchema,
} from '#domain/validation/admin'
import type { AuthEnv } from '#services/platform/auth'
import {
  defineRoute,
  errors,
  fileField,
  idParams,
  jsonBody,
  jsonResponse,
  multipartBody,
  OpenAPIHono,
  operationName,
  security,
} from '#services/platform/contract'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES, validate } from '#services/platform/http'
import { changesPublicContent } from '#services/platform/invalidation'
import type { Platform } from '#services/platform/platform'
import { LOGO_URL_PREFIX, logoUrl, storeLogo } from '#services/shared/logo'
import { countValidatedDrivers } from '#services/shared/validated-drivers'
import { actorOf, audit, requireRecentAuth } from './shared'

type Ordered = 'faqs' | 'testimonials' | 'partner_logos' | 'statistics'
type Db = Kysely<Database>

function answersOf(raw: string): string[] {
  try {
    const v: unknown = JSON.parse(raw)
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string')
  } catch {
    // plain text
  }
  return [raw]
}

async function nextPosition(db: Db, table: Ordered): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('position').as('m'))
    .executeTakeFirst()
  return Number(row?.m ?? 0) + 1
}

/** Moves one item a place up or down: the list is renumbered 1..n in display order. */
async function move(
  db: Db,
  table: Ordered,
  id: number,
  direction: 'up' | 'down',
): Promise<{ before: number; after: number }> {
  const rows = await db.selectFrom(table).select(['id', 'position']).orderBy('position').orderBy('id').execute()
  const i = rows.findIndex((r) => r.id === id)
  if (i < 0) throw new ApiError(404, MESSAGES.notFound)
  const j = direction === 'up' ? i - 1 : i + 1
  if (j >= 0 && j < rows.length) [rows[i], rows[j]] = [rows[j]!, rows[i]!]
  for (const [k, r] of rows.entries()) {
    if (r.position !== k + 1)
      await db
        .updateTable(table)
        .set({ position: k + 1 })
        .where('id', '=', r.id)
        .execute()
  }
  return { before: i + 1, after: (j >= 0 && j < rows.length ? j : i) + 1 }
}

async function readMultipart(c: Context): Promise<FormData> {
  const type = c.req.header('content-type') ?? ''
  if (!type.startsWith('multipart/form-data')) throw new ApiError(400, MESSAGES.badJson)
  try {
    return await c.req.formData()
  } catch {
    throw new ApiError(400, MESSAGES.badJson)
  }
}

/**
 * The public site's content (spec §3): FAQ with paragraphs, testimonials, partner logos (uploaded,
 * resized to WebP like company logos) and the four statistics. Every change is audited; the web
 * tier's caches drop on any write, so the public pages show it at once.
 */
export function adminContentRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/content',
      operationId: 'getHomeContent',
      tags,
      summary: 'El contenido del inicio: preguntas, testimonios, logos y cifras',
      security: security('admin'),
      responses: { 200: jsonResponse(contentDataSchema, 'Contenido'), ...errors(401, 403) },
    },
    async (c) => {
      const [faqs, testimonials, logos, statistics, validated] = await Promise.all([
        p.db.selectFrom('faqs').selectAll().orderBy('position').orderBy('id').execute(),
        p.db.selectFrom('testimonials').selectAll().orderBy('position').orderBy('id').execute(),
        p.db.selectFrom('partner_logos').selectAll().orderBy('position').orderBy('id').execute(),
        p.db.selectFrom('statistics').selectAll().orderBy('position').orderBy('id').execute(),
        countValidatedDrivers(p.db, p.now()),
      ])
      return c.json({
        faqs: faqs.map((f) => ({
          id: f.id,
          question: f.question,
          answers: answersOf(f.answers),
          position: f.position,
        })),
        testimonials,
        logos,
        statistics,
        validated_drivers: validated,
      })
    },
  )

  // ── FAQ ──
  defineRoute(
    app,
    {
      method: 'post',
      path: '/content/faqs',
      operationId: 'addFaq',
      tags,
      summary: 'Agrega una pregunta frecuente',
      security: security('admin'),
      middleware: [changesPublicContent(p)],
      request: { body: jsonBody(faqSchema) },
      responses: { 201: jsonResponse(contentCreatedSchema, 'Creado'), ...errors(400, 401, 403) },
    },
    async (c) => {
      const input = c.req.valid('json')
      const who = await actorOf(p, c)
      const now = p.now()
      const row = await inTransaction(p.db, async (trx) => {
        const created = await trx
          .insertInto('faqs')
          .values({
            question: input.question,
            answers: JSON.stringify(input.answers),
            position: await nextPosition(trx, 'faqs'),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        await audit(trx, who, { action: 'faq.create', entityType: 'faq', entityId: created.id, after: input }, now)
        return created
      })
      return c.json({ message: ADMIN_MESSAGES.created, id: row.id }, 201)
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/content/faqs/{id}',
      operationId: 'updateFaq',
      tags,
      summary: 'Edita una pregunta frecuente',
      security: security('admin'),
      middleware: [changesPublicContent(p)],
      request: { params: idParams, body: jsonBody(faqSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      const who = await actorOf(p, c)
      const now = p.now()
      await inTransaction(p.db, async (trx) => {
        const before = await trx.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst()
        if (!before) throw new ApiError(404, MESSAGES.notFound)
        await trx
          .updateTable('faqs')
          .set({ question: input.question, answers: JSON.stringify(input.answers) })
          .where('id', '=', id)
          .execute()
        await audit(
          trx,
          who,
          {
            action: 'faq.update',
            entityType: 'faq',
            entityId: id,
            before: { question: before.question, answers: answersOf(before.answers) },
            after: input,
          },
          now,
        )
      })
      return c.json({ message: ADMIN_MESSAGES.saved })
    },
  )

  // ── Testimonials ──
  defineRoute(
    app,
    {
      method: 'post',
      path: '/content/testimonials',
      operationId: 'addTestimonial',
      tags,
      summary: 'Agrega un testimonio',
      security: security('admin'),
      middleware: [changesPublicContent(p)],
      request: { body: jsonBody(testimonialSchema) },
      responses: { 201: jsonResponse(contentCreatedSchema, 'Creado'), ...errors(400, 401, 403) },
    },
    async (c) => {
      const input = c.req.valid('json')
      const who = await actorOf(p, c)
      const now = p.now()
      const row = await inTransaction(p.db, async (trx) => {
        const created = await trx
          .insertInto('testimonials')
          .values({
            ...input,
            logo_business: input.logo_business || null,
            position: await nextPosition(trx, 'testimonials'),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        await audit(
          trx,
          who,
          { action: 'testimonial.create', entityType: 'testimonial', entityId: created.id, after: input },
          now,
        )
        return created
      })
      return c.json({ message: ADMIN_MESSAGES.created, id: row.id }, 201)
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/content/testimonials/{id}',
      operationId: 'updateTestimonial',
      tags,
      summary: 'Edita un testimonio',
      security: security('admin'),
      middleware: [changesPublicContent(p)],
      request: { params: idParams, body: jsonBody(testimonialSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      const who = await actorOf(p, c)
      const now = p.now()
      await inTransaction(p.db, async (trx) => {
        const before = await trx.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst()
        if (!before) throw new ApiError(404, MESSAGES.notFound)
        await trx
          .updateTable('testimonials')
          .set({ ...input, logo_business: input.logo_business || null })
          .where('id', '=', id)
          .execute()
        await audit(
          trx,
          who,
          { action: 'testimonial.update', entityType: 'testimonial', entityId: id, before, after: input },
          now,
        )
      })
      return c.json({ message: ADMIN_MESSAGES.saved })
    },
  )

  // ── Partner logos (multipart: name + image) ──
  defineRoute(
    app,
    {
      method: 'post',
      path: '/content/logos',
      operationId: 'addLogo',
      tags,
      summary: 'Agrega un logo de empresa aliada (multipart: name, image)',
      security: security('admin'),
      middleware: [changesPublicContent(p)],
      request: { body: multipartBody(z.object({ name: z.string(), image: fileField() })) },
      responses: { 201: jsonResponse(contentCreatedSchema, 'Creado'), ...errors(400, 401, 403, 413) },
    },
    async (c) => {
      const form = await readMultipart(c)
      const { name } = validate(partnerLogoNameSchema, { name: form.get('name') })
      const image = form.get('image')
      if (!image || typeof image === 'string' || image.size === 0) throw new ApiError(400, ADMIN_MESSAGES.logoRequired)
      const key = (await storeLogo(p, image))!
      const who = await actorOf(p, c)
      const now = p.now()
      try {
        const row = await inTransaction(p.db, async (trx) => {
          const created = await trx
            .insertInto('partner_logos')
            .values({ name, img_logo: logoUrl(key), position: await nextPosition(trx, 'partner_logos') })
            .returningAll()
            .executeTakeFirstOrThrow()
          await audit(
            trx,
            who,
            {
              action: 'logo.create',
              entityType: 'partner_logo',
              entityId: created.id,
              after: { name, img_logo: created.img_logo },
            },
            now,
          )
          return created
        })
        return c.json({ message: ADMIN_MESSAGES.created, id: row.id, img_logo: row.img_logo }, 201)
      } catch (err) {
        await p.files.remove(key).catch(() => {})
        throw err
      }
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/content/logos/{id}',
      operationId: 'updateLogo',
      tags,
      summary: 'Edita un logo (multipart: name y, si cambia, image)',
      security: security('admin'),
      middleware: [changesPublicContent(p)],
      request: { params: idParams, body: multipartBody(z.object({ name: z.string(), image: fileField().optional() })) },
      responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(400, 401, 403, 404, 413) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const form = await readMultipart(c)
      const { name } = validate(partnerLogoNameSchema, { name: form.get('name') })
      const image = form.get('image')
      const key = image && typeof image !== 'string' && image.size > 0 ? await storeLogo(p, image) : null
      const who = await actorOf(p, c)
      const now = p.now()
      const before = await inTransaction(p.db, async (trx) => {
        const row = await trx.selectFrom('partner_logos').selectAll().where('id', '=', id).executeTakeFirst()
        if (!row) throw new ApiError(404, MESSAGES.notFound)
        const img_logo = key ? logoUrl(key) : row.img_logo
        await trx.updateTable('partner_logos').set({ name, img_logo }).where('id', '=', id).execute()
        await audit(
          trx,
          who,
          { action: 'logo.update', entityType: 'partner_logo', entityId: id, before: row, after: { name, img_logo } },
          now,
        )
        return row
      })
      if (key) await removeStoredLogo(p, before.img_logo)
      return c.json({ message: ADMIN_MESSAGES.saved })
    },
  )

  // ── Statistics: the four of the home page, edited in place ──
  defineRoute(
    app,
    {
      method: 'put',
      path: '/content/statistics/{id}',
      operationId: 'updateStatistic',
      tags,
      summary: 'Edita una cifra',
      security: security('admin'),
      middleware: [changesPublicContent(p)],
      request: { params: idParams, body: jsonBody(statisticSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      const who = await actorOf(p, c)
      const now = p.now()
      await inTransaction(p.db, async (trx) => {
        const before = await trx.selectFrom('statistics').selectAll().where('id', '=', id).executeTakeFirst()
        if (!before) throw new ApiError(404, MESSAGES.notFound)
        await trx.updateTable('statistics').set(input).where('id', '=', id).execute()
        await audit(
          trx,
          who,
          { action: 'statistic.update', entityType: 'statistic', entityId: id, before, after: input },
          now,
        )
      })
      return c.json({ message: ADMIN_MESSAGES.saved })
    },
  )

  // ── Reorder and delete, the same for every list ──
  // [path, table, audited entity type, action prefix, deletable]
  const lists: Array<[string, Ordered, string, string, boolean]> = [
    ['faqs', 'faqs', 'faq', 'faq', true],
    ['testimonials', 'testimonials', 'testimonial', 'testimonial', true],
    ['logos', 'partner_logos', 'partner_logo', 'logo', true],
    ['statistics', 'statistics', 'statistic', 'statistic', false],
  ]
  for (const [path, table, entity, prefix, deletable] of lists) {
    defineRoute(
      app,
      {
        method: 'post',
        path: `/content/${path}/{id}/move`,
        operationId: operationName('move', prefix),
        tags,
        summary: 'Sube o baja un elemento de la lista',
        security: security('admin'),
        middleware: [changesPublicContent(p)],
        request: { params: idParams, body: jsonBody(moveSchema) },
        responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(400, 401, 403, 404) },
      },
      async (c) => {
        const { id } = c.req.valid('param')
        const { direction } = c.req.valid('json')
        const who = await actorOf(p, c)
        const now = p.now()
        await inTransaction(p.db, async (trx) => {
          const positions = await move(trx, table, id, direction)
          await audit(
            trx,
            who,
            {
              action: `${prefix}.move`,
              entityType: entity,
              entityId: id,
              before: { position: positions.before },
              after: { position: positions.after },
            },
            now,
          )
        })
        return c.json({ message: ADMIN_MESSAGES.moved })
      },
    )
    if (!deletable) continue
    defineRoute(
      app,
      {
        method: 'delete',
        path: `/content/${path}/{id}`,
        operationId: operationName('delete', prefix),
        tags,
        summary: 'Elimina un elemento de la lista (pide haber confirmado la identidad en los últimos 10 minutos)',
        security: security('admin'),
        middleware: [requireRecentAuth(p), changesPublicContent(p)],
        request: { params: idParams },
        responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(401, 403, 404) },
      },
      async (c) => {
        const { id } = c.req.valid('param')
        const who = await actorOf(p, c)
        const now = p.now()
        const before = await inTransaction(p.db, async (trx) => {
          const row = await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()
          if (!row) throw new ApiError(404, MESSAGES.notFound)
          await trx.deleteFrom(table).where('id', '=', id).execute()
          await audit(trx, who, { action: `${prefix}.delete`, entityType: entity, entityId: id, before: row }, now)
          return row as Record<string, unknown>
        })
        if (typeof before.img_logo === 'string') await removeStoredLogo(p, before.img_logo)
        return c.json({ message: ADMIN_MESSAGES.deleted })
      },
    )
  }

  return app
}

/** A logo the console uploaded (under logos/) goes with its row; static seed images stay. */
async function removeStoredLogo(p: Platform, url: string) {
  if (!url.startsWith(LOGO_URL_PREFIX)) return
  const name = url.slice(LOGO_URL_PREFIX.length)
  if (!/^[A-Za-z0-9_-]{22,}\.webp$/.test(name)) return
  // A company may share nothing with partner logos, but be careful anyway: only unreferenced keys go.
  const used = await p.db.selectFrom('companies').select('id').where('logo_url', '=', url).executeTakeFirst()
  if (!used) await p.files.remove(`logos/${name}`).catch(() => {})
}
