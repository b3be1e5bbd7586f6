/** Conversations per application between the company and the driver (decision 105). */
import { z } from 'zod'

export const threadMessageSchema = z.object({
  id: z.number(),
  sender: z.enum(['company', 'driver']),
  /** Only a message the spec's email call wrote has one. */
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  /** Whether the other side has opened the thread since it was written. */
  read: z.boolean(),
})
export type ThreadMessage = z.infer<typeof threadMessageSchema>

/** One application's thread, oldest message first. */
export const threadSchema = z.object({
  id_application: z.number(),
  posting_title: z.string(),
  company_name: z.string(),
  driver_name: z.string(),
  messages: z.array(threadMessageSchema),
  /** The driver may answer once the company has written; the company may always write. */
  can_write: z.boolean(),
})
export type Thread = z.infer<typeof threadSchema>

/** The console's reading: the thread with its two parties' and the posting's ids, for the links to them. */
export const consoleThreadSchema = threadSchema.extend({
  id_driver: z.number(),
  id_company: z.number(),
  id_publication: z.number(),
})

/** The driver's threads (only applications with messages) and their unread counts. */
export const driverThreadsSchema = z.object({
  unread_total: z.number(),
  threads: z.array(
    z.object({ id_application: z.number(), id_publication: z.number(), messages: z.number(), unread: z.number() }),
  ),
})
export type DriverThreads = z.infer<typeof driverThreadsSchema>

export const messageSentSchema = z.object({ message: z.string(), id_message: z.number() })

/** A bulk message: how many threads it was written into (all the selected ones). */
export const bulkMessageSentSchema = z.object({ message: z.string(), sent: z.number() })
