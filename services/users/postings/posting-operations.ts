import type { DriverPostingDto, PostingsForYou, PostingsPage } from '#domain/contract/postings'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import type { DriverActor } from '../driver-area/shared'
import { postingsForYou } from './for-you'
import { driverPostings, ownPostings, searchOpenPostings, toDriverPostingDto, type SearchFilters } from './queries'

/**
 * The driver's side of the marketplace as operations `(platform, driver, input) → result`: the
 * open postings a page at a time (all, filtered, or by words), the few «para ti», one posting,
 * and the driver's saved and applied postings, each posting with the driver's application and
 * save. The queries are queries.ts's and for-you.ts's; the holds on a posting (apply, withdraw,
 * save, unsave) are holds.ts's operations, of the same shape. The routes (index.ts) read the
 * driver of the session and the validated input and answer with the result; tests and scripts
 * call the operations directly.
 */

/** The page of a list, from 1. */
interface Page {
  page: number
}

/** The open postings the filters and words leave (none: every open one), newest first, one page with the count. */
export function searchPostings(
  p: Pick<Platform, 'db' | 'dialect'>,
  driver: DriverActor,
  { page, ...filters }: SearchFilters & Page,
): Promise<PostingsPage> {
  return searchOpenPostings(p, driver.userId, filters, page)
}

/** A few open postings for the driver's vehicles and communes, and what they are based on. */
export function listPostingsForYou(p: Pick<Platform, 'db'>, driver: DriverActor): Promise<PostingsForYou> {
  return postingsForYou(p.db, driver.userId)
}

/** One posting, open or closed, with the driver's application and save; 404 for a draft or none. */
export async function readPosting(
  p: Pick<Platform, 'db'>,
  driver: DriverActor,
  { id }: { id: number },
): Promise<DriverPostingDto> {
  const row = await driverPostings(p.db, driver.userId)
    .where('jp.id', '=', id)
    .where('jp.status', '!=', 'draft')
    .executeTakeFirst()
  if (!row) throw new ApiError(404, MESSAGES.notFound)
  return toDriverPostingDto(row)
}

/** The postings the driver saved, newest save first, open or closed. */
export function listSavedPostings(p: Pick<Platform, 'db'>, driver: DriverActor, { page }: Page): Promise<PostingsPage> {
  return ownPostings(p.db, driver.userId, 'saved', page)
}

/** The postings the driver applied to, newest application first, open or closed. */
export function listAppliedPostings(
  p: Pick<Platform, 'db'>,
  driver: DriverActor,
  { page }: Page,
): Promise<PostingsPage> {
  return ownPostings(p.db, driver.userId, 'applied', page)
}
