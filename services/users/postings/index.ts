import { Hono } from 'hono'
import { driverSearchSchema, pageSchema, postingFiltersSchema, postingReferenceSchema } from '#domain/validation/marketplace'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { isUniqueViolation } from '#services/platform/db/errors'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES, parseId, readJson, validate } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { applicationReceivedMail } from '#services/shared/marketplace-mails'
import { driverPostings, ownPostings, searchOpenPostings, toDriverPostingDto } from './queries'

export const DRIVER_POSTING_MESSAGES = {
  applied: 'Postulación enviada correctamente.',
  alreadyApplied: 'Ya postulaste a esta publicación.',
  withdrawn: 'Postulación retirada.',
  saved: 'Publicación guardada.',
  alreadySaved: 'La publicación ya estaba guardada.',
  unsaved: 'Publicación quitada de tus guardadas.',
  closed: 'Esta publicación está cerrada y ya no recibe postulaciones.',
} as const

const M = DRIVER_POSTING_MESSAGES

/** The driver's side of the marketplace (mounted at /users). */
export function driverPostingsRoutes(p: Platform) {
  const app = new Hono<AuthEnv>()
  const auth = requireRole(p, 'User')

  async function postingOr404(id: number) {
    const posting = await p.db
      .selectFrom('job_postings as jp')
      .innerJoin('companies as co', 'co.id', 'jp.company_id')
      .select(['jp.id', 'jp.title', 'jp.status', 'co.email as company_email', 'co.name as company_name'])
      .where('jp.id', '=', id)
      .executeTakeFirst()
    if (!posting) throw new ApiError(404, MESSAGES.notFound)
    return posting
  }

  app.get('/job-postings', auth, async (c) => {
    const { page } = validate(pageSchema, { page: c.req.query('page') })
    return c.json(await searchOpenPostings(p, c.get('auth').userId, {}, page))
  })

  app.post('/filter-job-postings', auth, async (c) => {
    const { page, ...filters } = validate(postingFiltersSchema, await readJson(c))
    return c.json(await searchOpenPostings(p, c.get('auth').userId, filters, page))
  })

  app.post('/search-job-postings', auth, async (c) => {
    const { search_jps, page } = validate(driverSearchSchema, await readJson(c))
    return c.json(await searchOpenPostings(p, c.get('auth').userId, { search: search_jps }, page))
  })

  app.get('/filter-job-postings-by-id/:id', auth, async (c) => {
    const row = await driverPostings(p.db, c.get('auth').userId)
      .where('jp.id', '=', parseId(c.req.param('id')))
      .executeTakeFirst()
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    return c.json(toDriverPostingDto(row))
  })

  app.post('/postulate-job-posting', auth, async (c) => {
    const { id_publication } = validate(postingReferenceSchema, await readJson(c))
    const userId = c.get('auth').userId
    const posting = await postingOr404(id_publication)
    const existing = await p.db.selectFrom('applications').select('status').where('posting_id', '=', posting.id).where('user_id', '=', userId).executeTakeFirst()
    if (existing) return c.json({ message: M.alreadyApplied, status: existing.status })
    if (posting.status !== 'open') throw new ApiError(409, M.closed)
    const driver = await p.db.selectFrom('users').select(['firstname', 'lastname']).where('id', '=', userId).executeTakeFirstOrThrow()
    const now = p.now()
    try {
      await inTransaction(p.db, async (trx) => {
        await trx
          .insertInto('applications')
          .values({ posting_id: posting.id, user_id: userId, status: 'nueva', created_at: now.toISOString(), updated_at: now.toISOString() })
          .execute()
        const mail = applicationReceivedMail(posting.company_email, {
          companyName: posting.company_name,
          postingTitle: posting.title,
          driverName: `${driver.firstname} ${driver.lastname}`.trim(),
          link: `${p.publicUrl}/business/dashboard/publicaciones/${posting.id}`,
        })
        await enqueueEmail(trx, mail, now)
      })
    } catch (err) {
      // The same driver applying twice at once: the unique pair keeps one, and one mail.
      if (isUniqueViolation(err)) return c.json({ message: M.alreadyApplied, status: 'nueva' })
      throw err
    }
    p.wakeOutbox()
    return c.json({ message: M.applied, status: 'nueva' }, 201)
  })

  app.post('/withdraw-postulation', auth, async (c) => {
    const { id_publication } = validate(postingReferenceSchema, await readJson(c))
    const posting = await postingOr404(id_publication)
    await p.db.deleteFrom('applications').where('posting_id', '=', posting.id).where('user_id', '=', c.get('auth').userId).execute()
    return c.json({ message: M.withdrawn })
  })

  app.post('/save-posting', auth, async (c) => {
    const { id_publication } = validate(postingReferenceSchema, await readJson(c))
    const userId = c.get('auth').userId
    const posting = await postingOr404(id_publication)
    const existing = await p.db.selectFrom('saved_postings').select('id').where('posting_id', '=', posting.id).where('user_id', '=', userId).executeTakeFirst()
    if (existing) return c.json({ message: M.alreadySaved })
    try {
      await p.db.insertInto('saved_postings').values({ posting_id: posting.id, user_id: userId, created_at: p.now().toISOString() }).execute()
    } catch (err) {
      if (isUniqueViolation(err)) return c.json({ message: M.alreadySaved })
      throw err
    }
    return c.json({ message: M.saved }, 201)
  })

  app.post('/unsave-posting', auth, async (c) => {
    const { id_publication } = validate(postingReferenceSchema, await readJson(c))
    const posting = await postingOr404(id_publication)
    await p.db.deleteFrom('saved_postings').where('posting_id', '=', posting.id).where('user_id', '=', c.get('auth').userId).execute()
    return c.json({ message: M.unsaved })
  })

  app.get('/get-all-save-posting', auth, async (c) => {
    const { page } = validate(pageSchema, { page: c.req.query('page') })
    return c.json(await ownPostings(p.db, c.get('auth').userId, 'saved', page))
  })

  app.get('/get-all-postulate-job-posting', auth, async (c) => {
    const { page } = validate(pageSchema, { page: c.req.query('page') })
    return c.json(await ownPostings(p.db, c.get('auth').userId, 'applied', page))
  })

  return app
}
