import type { DriverThreads, Thread } from '#domain/contract/messages'
import { THREAD_MESSAGES } from '#domain/validation/application-messages'
import type { Platform } from '#services/platform/platform'
import {
  driverThreads,
  driverUnread,
  limitSender,
  readThread,
  threadRef,
  writeMessage,
} from '#services/shared/application-messages'
import type { DriverActor } from '../driver-area/shared'

/**
 * The driver's side of their applications' threads (decision 105) as operations `(platform,
 * driver, input) → result`: the threads and the unread count, one thread, and an answer in it. The
 * thread's rules (who may see it, read markers, notices, hourly limits) are
 * services/shared/application-messages.ts's, shared with the company's side. The routes
 * (messages.ts) read the driver of the session and the validated input and answer with the
 * result; tests and scripts call the operations directly.
 */

/** One of the driver's applications, by the id of the call's path. */
interface ApplicationId {
  id: number
}

/** The driver's applications with messages, and how many of the companies' messages are unread. */
export function listDriverThreads(p: Pick<Platform, 'db'>, driver: DriverActor): Promise<DriverThreads> {
  return driverThreads(p.db, driver.userId)
}

/** How many of the companies' messages the driver has not read. */
export async function countDriverUnread(p: Pick<Platform, 'db'>, driver: DriverActor): Promise<{ unread: number }> {
  return { unread: await driverUnread(p.db, driver.userId) }
}

/** The thread of one of the driver's applications, oldest first; the company's messages in it are read from now on. */
export async function readDriverThread(p: Platform, driver: DriverActor, { id }: ApplicationId): Promise<Thread> {
  const ref = await threadRef(p.db, id, { driver: driver.userId })
  return readThread(p.db, ref, 'driver', p.now())
}

/**
 * Answers the company in the thread of one of the driver's applications (the company gets a
 * mail): 409 until the company has written, 429 past the driver's hourly limit, 404 for an
 * application that is not the driver's.
 */
export async function sendDriverMessage(
  p: Platform,
  driver: DriverActor,
  { id, body }: ApplicationId & { body: string },
): Promise<{ message: string; id_message: number }> {
  const { userId } = driver
  const ref = await threadRef(p.db, id, { driver: userId })
  await limitSender(p, 'driver', userId)
  const idMessage = await writeMessage(p, ref, { sender: 'driver', senderUserId: userId, body }, p.now())
  return { message: THREAD_MESSAGES.sent, id_message: idMessage }
}
