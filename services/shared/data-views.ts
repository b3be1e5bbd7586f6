import type { Kysely, Transaction } from 'kysely'
import type { ConsoleDataViews, MyDataViews } from '#domain/contract/data-views'
import {
  DATA_VIEW_WINDOW_MS,
  dataViewItem,
  STAFF_VIEWER_NAME,
  UNKNOWN_COMPANY_NAME,
  type DataViewKind,
} from '#domain/data-views'
import type { Database } from '#services/platform/db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** Ten per page, as every list of the product (spec §9, `Pagination`). */
export const DATA_VIEWS_PAGE_SIZE = 10

/** Who is looking: a staff member (console) or a company's user. */
export type DataViewer = { kind: 'staff'; userId: number } | { kind: 'company'; userId: number; companyId: number }

/**
 * Records that `viewer` saw a driver's sensitive item (Ley 21.719, decision 78). Called by the
 * service that serves the item, after it has it in hand and before it answers: when the record
 * cannot be written the call fails and the item is not served (no record, no view). One row per
 * viewer, item and 10-minute window: a reload or a second tab adds nothing (the unique index).
 */
export async function recordView(db: Db, view: DataView): Promise<void> {
  await recordViews(db, [view])
}

export interface DataView {
  viewer: DataViewer
  subjectUserId: number
  kind: DataViewKind
  itemId: number
  detail?: string | null
  now: Date
}

/** Several views in one statement (a company's list of applicants: one per applicant shown). */
export async function recordViews(db: Db, views: readonly DataView[]): Promise<void> {
  if (views.length === 0) return
  await db
    .insertInto('data_views')
    .values(
      views.map((view) => ({
        subject_user_id: view.subjectUserId,
        viewer_user_id: view.viewer.userId,
        viewer_kind: view.viewer.kind,
        company_id: view.viewer.kind === 'company' ? view.viewer.companyId : null,
        kind: view.kind,
        item_id: view.itemId,
        detail: view.detail ?? null,
        viewed_at: view.now.toISOString(),
        window_start: Math.floor(view.now.getTime() / DATA_VIEW_WINDOW_MS),
      })),
    )
    .onConflict((oc) => oc.columns(['viewer_user_id', 'kind', 'item_id', 'window_start']).doNothing())
    .execute()
}

/** A console list shows these drivers' RUTs (the driver search, the document queue): one 'rut' view each. */
export async function recordRutsShown(
  db: Db,
  staffUserId: number,
  drivers: ReadonlyArray<{ id: number; rut: string | null }>,
  now: Date,
): Promise<void> {
  const shown = [...new Set(drivers.filter((d) => d.rut).map((d) => d.id))]
  await recordViews(
    db,
    shown.map((id) => ({
      viewer: { kind: 'staff', userId: staffUserId },
      subjectUserId: id,
      kind: 'rut',
      itemId: id,
      now,
    })),
  )
}

function pageOf(db: Db, subjectUserId: number, page: number) {
  return db
    .selectFrom('data_views as v')
    .leftJoin('companies as co', 'co.id', 'v.company_id')
    .where('v.subject_user_id', '=', subjectUserId)
    .orderBy('v.viewed_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(DATA_VIEWS_PAGE_SIZE)
    .offset((page - 1) * DATA_VIEWS_PAGE_SIZE)
}

async function countOf(db: Db, subjectUserId: number): Promise<number> {
  const row = await db
    .selectFrom('data_views')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('subject_user_id', '=', subjectUserId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** «Quién vio mis datos»: newest first; companies by name, staff only as «Equipo Fleeters». */
export async function viewsForDriver(db: Db, subjectUserId: number, page: number): Promise<MyDataViews> {
  const [rows, count] = await Promise.all([
    pageOf(db, subjectUserId, page)
      .select(['v.id', 'v.viewer_kind', 'v.kind', 'v.detail', 'v.viewed_at', 'co.name as company_name'])
      .execute(),
    countOf(db, subjectUserId),
  ])
  return {
    views: rows.map((r) => ({
      id: r.id,
      viewer: r.viewer_kind === 'staff' ? STAFF_VIEWER_NAME : (r.company_name ?? UNKNOWN_COMPANY_NAME),
      viewer_kind: r.viewer_kind,
      kind: r.kind,
      item: dataViewItem(r.kind, r.detail),
      viewed_at: r.viewed_at,
    })),
    count,
    page,
    page_size: DATA_VIEWS_PAGE_SIZE,
  }
}

/** The console's trail of one driver: who (staff member or company user, by name and email), what, when. */
export async function viewsForConsole(db: Db, subjectUserId: number, page: number): Promise<ConsoleDataViews> {
  const [rows, count] = await Promise.all([
    pageOf(db, subjectUserId, page)
      .leftJoin('users as vu', 'vu.id', 'v.viewer_user_id')
      .select([
        'v.id',
        'v.viewer_kind',
        'v.kind',
        'v.detail',
        'v.viewed_at',
        'co.name as company_name',
        'vu.firstname',
        'vu.lastname',
        'vu.email',
      ])
      .execute(),
    countOf(db, subjectUserId),
  ])
  return {
    views: rows.map((r) => ({
      id: r.id,
      viewer_kind: r.viewer_kind,
      viewer_name: r.email === null ? null : `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim() || null,
      viewer_email: r.email,
      company_name: r.company_name,
      kind: r.kind,
      item: dataViewItem(r.kind, r.detail),
      viewed_at: r.viewed_at,
    })),
    count,
    page,
    page_size: DATA_VIEWS_PAGE_SIZE,
  }
}
