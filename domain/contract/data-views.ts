/** Response shapes of the record of views of a driver's sensitive items (decision 78). */
import { z } from 'zod'
import { DATA_VIEW_KINDS, DATA_VIEWER_KINDS } from '#domain/data-views'

const page = { count: z.number().int(), page: z.number().int(), page_size: z.number().int() }

/** One view as the driver sees it: a company by its name, staff as «Equipo Fleeters». */
export const myDataViewSchema = z.object({
  id: z.number().int(),
  viewer: z.string(),
  viewer_kind: z.enum(DATA_VIEWER_KINDS),
  kind: z.enum(DATA_VIEW_KINDS),
  item: z.string(),
  viewed_at: z.string(),
})
export const myDataViewsSchema = z.object({ views: z.array(myDataViewSchema), ...page })
export type MyDataViews = z.infer<typeof myDataViewsSchema>

/** One view as the console sees it: the staff member or the company user by name and email. */
export const consoleDataViewSchema = z.object({
  id: z.number().int(),
  viewer_kind: z.enum(DATA_VIEWER_KINDS),
  /** Null once the viewer's account is gone. */
  viewer_name: z.string().nullable(),
  viewer_email: z.string().nullable(),
  company_name: z.string().nullable(),
  kind: z.enum(DATA_VIEW_KINDS),
  item: z.string(),
  viewed_at: z.string(),
})
export const consoleDataViewsSchema = z.object({ views: z.array(consoleDataViewSchema), ...page })
export type ConsoleDataViews = z.infer<typeof consoleDataViewsSchema>
