import type { Generated } from 'kysely'
import type { DataViewerKind, DataViewKind } from '#domain/data-views'

/** The record of views of sensitive items (see migrations/0022_data_views.ts, decision 78). */
export interface DataViewTables {
  data_views: DataViewsTable
}

export interface DataViewsTable {
  id: Generated<number>
  /** The driver whose item was seen. */
  subject_user_id: number
  /** The staff member's or the company user's account; null once that account is gone. */
  viewer_user_id: number | null
  viewer_kind: DataViewerKind
  /** The company, for a company's view; null for staff. */
  company_id: number | null
  kind: DataViewKind
  /** The user_files row, the simple power, or the driver (rut, perfil). */
  item_id: number
  /** The document's slot, or the ID image's side ('front' | 'back'). */
  detail: string | null
  viewed_at: string
  /** The 10-minute window of the view (DATA_VIEW_WINDOW_MS): one row per viewer, item and window. */
  window_start: number
}
