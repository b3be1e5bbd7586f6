import type { Kysely, Selectable, Updateable } from 'kysely'
import type { z } from 'zod'
import type { ContentData } from '#domain/contract/admin'
import { faqSchema, statisticSchema, testimonialSchema } from '#domain/validation/admin'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { LOGO_URL_PREFIX, logoUrl, storeLogo } from '#services/shared/logo'
import { countValidatedDrivers } from '#services/shared/validated-drivers'
import { audit, type Actor } from './shared'

/**
 * The public site's content (spec §3) as the console edits it: the FAQ with paragraphs, the
 * testimonials, the partner logos (uploaded, resized to WebP like company logos) and the four
 * statistics. Each list is one row of the tables below, and one set of operations
 * `(platform, actor, input)` serves them all: every change is audited in its own transaction,
 * and every list is shown by position, then id. The routes (content.ts) are generated from the
 * same rows.
 */

type Db = Kysely<Database>
type ContentTable = 'faqs' | 'testimonials' | 'partner_logos' | 'statistics'
type TextTable = Exclude<ContentTable, 'partner_logos'>

/** One list: its path under /admin/content, its table, and how the audit log names it. */
export interface ContentList {
  path: string
  table: ContentTable
  /** The audit's entity_type: 'partner_logo'. */
  entityType: string
  /** The audit's action prefix, and the operationId's noun: 'logo' → logo.move, moveLogo. */
  label: string
  /** The statistics are the four of the home page: edited and reordered, never removed. */
  deletable: boolean
}

/** A list written from a JSON body that its domain schema validates. */
export interface TextList<T extends TextTable = TextTable, S extends z.ZodType = z.ZodType> extends ContentList {
  table: T
  schema: S
  /** What the API documents call one item: 'Agrega una pregunta frecuente', 'Edita una pregunta frecuente'. */
  noun: string
  /** Whether the console adds items (the statistics are fixed). */
  creatable: boolean
  /** The columns an input writes; methods, so that each list's own input type fits the table of lists. */
  columns(input: z.output<S>): Updateable<Database[T]>
  /** The row as the audit's «before» shows it, comparable with the input (the whole row by default). */
  audited?(row: Selectable<Database[T]>): unknown
}

const textList = <T extends TextTable, S extends z.ZodType>(list: TextList<T, S>) => list

/** A FAQ answer is a JSON array of paragraphs; a row written as plain text is one paragraph. */
function answersOf(raw: string): string[] {
  try {
    const v: unknown = JSON.parse(raw)
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string')
  } catch {
    // plain text
  }
  return [raw]
}

export const FAQS = textList({
  path: 'faqs',
  table: 'faqs',
  entityType: 'faq',
  label: 'faq',
  deletable: true,
  schema: faqSchema,
  noun: 'una pregunta frecuente',
  creatable: true,
  columns: (input) => ({ question: input.question, answers: JSON.stringify(input.answers) }),
  audited: (row) => ({ question: row.question, answers: answersOf(row.answers) }),
})

export const TESTIMONIALS = textList({
  path: 'testimonials',
  table: 'testimonials',
  entityType: 'testimonial',
  label: 'testimonial',
  deletable: true,
  schema: testimonialSchema,
  noun: 'un testimonio',
  creatable: true,
  columns: (input) => ({ ...input, logo_business: input.logo_business || null }),
})

/** The logos come as multipart (a name and an image): addLogo and updateLogo write them. */
export const LOGOS: ContentList = {
  path: 'logos',
  table: 'partner_logos',
  entityType: 'partner_logo',
  label: 'logo',
  deletable: true,
}

export const STATISTICS = textList({
  path: 'statistics',
  table: 'statistics',
  entityType: 'statistic',
  label: 'statistic',
  deletable: false,
  schema: statisticSchema,
  noun: 'una cifra',
  creatable: false,
  columns: (input) => input,
})

/** Every list, in the order the console and the API document show them. */
export const CONTENT_LISTS: ReadonlyArray<ContentList | TextList> = [FAQS, TESTIMONIALS, LOGOS, STATISTICS]

/** The console's page: the four lists in display order and today's count of validated drivers. */
export async function readContent(p: Platform): Promise<ContentData> {
  const [faqs, testimonials, logos, statistics, validated] = await Promise.all([
    p.db.selectFrom('faqs').selectAll().orderBy('position').orderBy('id').execute(),
    p.db.selectFrom('testimonials').selectAll().orderBy('position').orderBy('id').execute(),
    p.db.selectFrom('partner_logos').selectAll().orderBy('position').orderBy('id').execute(),
    p.db.selectFrom('statistics').selectAll().orderBy('position').orderBy('id').execute(),
    countValidatedDrivers(p.db, p.now()),
  ])
  return {
    faqs: faqs.map((f) => ({ id: f.id, question: f.question, answers: answersOf(f.answers), position: f.position })),
    testimonials,
    logos,
    statistics,
    validated_drivers: validated,
  }
}

async function nextPosition(db: Db, table: ContentTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('position').as('m'))
    .executeTakeFirst()
  return Number(row?.m ?? 0) + 1
}

/** The audit row of one change to a list: «faq.update» of faq #id, with what it was and what it became. */
function auditChange(
  db: Db,
  who: Actor,
  list: ContentList,
  verb: 'create' | 'update' | 'move' | 'delete',
  entityId: number,
  change: { before?: unknown; after?: unknown },
  now: Date,
) {
  return audit(db, who, { action: `${list.label}.${verb}`, entityType: list.entityType, entityId, ...change }, now)
}

/** A new item, last of its list. */
export async function addItem<T extends TextTable, S extends z.ZodType>(
  p: Platform,
  who: Actor,
  { list, input }: { list: TextList<T, S>; input: z.output<S> },
): Promise<{ id: number }> {
  const now = p.now()
  return inTransaction(p.db, async (trx) => {
    const values = { ...list.columns(input), position: await nextPosition(trx, list.table) }
    // Kysely cannot relate a table chosen by a type parameter to its columns; columns() is typed by its list.
    const { id } = await trx
      .insertInto(list.table as TextTable)
      .values(values as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    await auditChange(trx, who, list, 'create', id, { after: input }, now)
    return { id }
  })
}

/** One item rewritten from its input; 404 when it is not there. */
export async function updateItem<T extends TextTable, S extends z.ZodType>(
  p: Platform,
  who: Actor,
  { list, id, input }: { list: TextList<T, S>; id: number; input: z.output<S> },
): Promise<void> {
  const now = p.now()
  await inTransaction(p.db, async (trx) => {
    const table = list.table as TextTable
    const found = await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()
    if (!found) throw new ApiError(404, MESSAGES.notFound)
    await trx
      .updateTable(table)
      .set(list.columns(input) as never)
      .where('id', '=', id)
      .execute()
    const row = found as Selectable<Database[T]>
    const before = list.audited ? list.audited(row) : row
    await auditChange(trx, who, list, 'update', id, { before, after: input }, now)
  })
}

/** Moves one item a place up or down: the list is renumbered 1..n in display order. */
export async function moveItem(
  p: Platform,
  who: Actor,
  { list, id, direction }: { list: ContentList; id: number; direction: 'up' | 'down' },
): Promise<void> {
  const now = p.now()
  await inTransaction(p.db, async (trx) => {
    const rows = await trx.selectFrom(list.table).select(['id', 'position']).orderBy('position').orderBy('id').execute()
    const i = rows.findIndex((r) => r.id === id)
    if (i < 0) throw new ApiError(404, MESSAGES.notFound)
    const j = direction === 'up' ? i - 1 : i + 1
    const moves = j >= 0 && j < rows.length
    if (moves) [rows[i], rows[j]] = [rows[j]!, rows[i]!]
    for (const [k, r] of rows.entries()) {
      if (r.position !== k + 1)
        await trx
          .updateTable(list.table)
          .set({ position: k + 1 })
          .where('id', '=', r.id)
          .execute()
    }
    const positions = { before: { position: i + 1 }, after: { position: (moves ? j : i) + 1 } }
    await auditChange(trx, who, list, 'move', id, positions, now)
  })
}

/** One item removed (404 when it is not there); an uploaded logo goes with its row. */
export async function deleteItem(
  p: Platform,
  who: Actor,
  { list, id }: { list: ContentList; id: number },
): Promise<void> {
  const now = p.now()
  const before = await inTransaction(p.db, async (trx) => {
    const row = await trx.selectFrom(list.table).selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    await trx.deleteFrom(list.table).where('id', '=', id).execute()
    await auditChange(trx, who, list, 'delete', id, { before: row }, now)
    return row as Record<string, unknown>
  })
  if (typeof before.img_logo === 'string') await removeStoredLogo(p, before.img_logo)
}

/** A partner logo: the image resized and stored, then its row; the image goes again if the row fails. */
export async function addLogo(
  p: Platform,
  who: Actor,
  { name, image }: { name: string; image: File },
): Promise<{ id: number; img_logo: string }> {
  const key = (await storeLogo(p, image))!
  const now = p.now()
  try {
    return await inTransaction(p.db, async (trx) => {
      const created = await trx
        .insertInto('partner_logos')
        .values({ name, img_logo: logoUrl(key), position: await nextPosition(trx, 'partner_logos') })
        .returning(['id', 'img_logo'])
        .executeTakeFirstOrThrow()
      await auditChange(trx, who, LOGOS, 'create', created.id, { after: { name, img_logo: created.img_logo } }, now)
      return created
    })
  } catch (err) {
    await p.files.remove(key).catch(() => {})
    throw err
  }
}

/** A logo renamed and, with an image, replaced: the old upload goes once the new one is saved. */
export async function updateLogo(
  p: Platform,
  who: Actor,
  { id, name, image }: { id: number; name: string; image: File | null },
): Promise<void> {
  const key = image ? await storeLogo(p, image) : null
  const now = p.now()
  const before = await inTransaction(p.db, async (trx) => {
    const row = await trx.selectFrom('partner_logos').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    const img_logo = key ? logoUrl(key) : row.img_logo
    await trx.updateTable('partner_logos').set({ name, img_logo }).where('id', '=', id).execute()
    await auditChange(trx, who, LOGOS, 'update', id, { before: row, after: { name, img_logo } }, now)
    return row
  })
  if (key) await removeStoredLogo(p, before.img_logo)
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
