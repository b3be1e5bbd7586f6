import type { z } from 'zod'
import type { consoleThreadSchema } from '#domain/contract/messages'
import type { Platform } from '#services/platform/platform'
import { readThread, threadRef } from '#services/shared/application-messages'
import { recordView } from '#services/shared/data-views'

/**
 * The console's reading of an application's thread (decision 105) as an operation `(platform,
 * staff member, input) → thread`, for a report of abuse or a dispute. The routes (messages.ts)
 * read the staff member of the session and the path's id and answer with the result; tests and
 * scripts call the operation directly.
 */

/**
 * One application's thread between company and driver, oldest first, with who they are and the
 * posting; reading it marks nothing read for either side. The reading is a view of the driver's
 * data (decision 108): recorded before the answer, or nothing is served. 404 for no application.
 */
export async function readThreadForConsole(
  p: Pick<Platform, 'db' | 'now'>,
  staffUserId: number,
  { id }: { id: number },
): Promise<z.infer<typeof consoleThreadSchema>> {
  const now = p.now()
  const ref = await threadRef(p.db, id, 'console')
  const thread = await readThread(p.db, ref, 'console', now)
  await recordView(p.db, {
    viewer: { kind: 'staff', userId: staffUserId },
    subjectUserId: ref.driverId,
    kind: 'conversacion',
    itemId: ref.id,
    detail: ref.companyName,
    now,
  })
  return { ...thread, id_driver: ref.driverId, id_company: ref.companyId, id_publication: ref.postingId }
}
