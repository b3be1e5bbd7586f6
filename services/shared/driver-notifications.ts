/**
 * What the driver hears, and where (decision 98): a document approved or rejected (with the
 * reason), the 22 approved, documents about to expire (services/users/driver-notifications.ts),
 * an application's status changed and a company's invitation to apply (here; decision 106). Each
 * notify function is called inside the transaction of the event's write and enqueues one message
 * per channel the driver chose, each with a link into the product.
 *
 * Idempotent: every message carries an event key (event + channel), unique in the outbox, so a
 * retried request or two processes writing the same event enqueue it once.
 *
 * Nothing lost: a WhatsApp message to a driver who turned email off is written with its email
 * held beside it; the delivery worker sends that email only if it gives the WhatsApp message up
 * (services/platform/messaging/delivery.ts). With email on, the email is already on its way.
 */
import type { Kysely } from 'kysely'
import { isChileanMobile, normalizeChileanMobile } from '#domain/phone'
import type { ApplicationStatus } from '#domain/validation/marketplace'
import type { Database } from '#services/platform/db/schema'
import { enqueueEmail, enqueueWhatsApp, type EmailMessage } from '#services/platform/messaging/outbox'
import { APPLICATION_STATUS_NEWS, applicationStatusMail, invitationMail, selectedMail } from './marketplace-mails'

export interface NotificationChannels {
  email: boolean
  whatsapp: boolean
}

/** The driver's channels: what they chose, else email on and WhatsApp on when the phone is a mobile. */
export function channelsOf(u: {
  phone: string | null
  notify_email: number | null
  notify_whatsapp: number | null
}): NotificationChannels {
  return {
    email: u.notify_email === null ? true : u.notify_email === 1,
    whatsapp: u.notify_whatsapp === null ? isChileanMobile(u.phone ?? '') : u.notify_whatsapp === 1,
  }
}

interface Notice {
  /** The event, unique among all events ('document-approved:12'); the channel is appended. */
  key: string
  mail: EmailMessage
  whatsapp: string
}

/** Enqueues one event's messages to the driver; returns how many were written (0 when already written). */
export async function notifyDriver(db: Kysely<Database>, userId: number, notice: Notice, now: Date): Promise<number> {
  const driver = await db
    .selectFrom('users')
    .select(['email', 'phone', 'notify_email', 'notify_whatsapp', 'closed_at'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!driver || driver.closed_at) return 0
  const channels = channelsOf(driver)
  const mobile = normalizeChileanMobile(driver.phone ?? '')
  let written = 0
  if (channels.whatsapp && mobile) {
    const id = await enqueueWhatsApp(db, { to: mobile, text: notice.whatsapp }, now, {
      eventKey: `${notice.key}:whatsapp`,
    })
    if (id !== null) {
      written++
      if (!channels.email) {
        await enqueueEmail(db, { ...notice.mail, to: driver.email }, now, {
          eventKey: `${notice.key}:email`,
          heldFor: id,
        })
      }
    }
  }
  if (channels.email) {
    const id = await enqueueEmail(db, { ...notice.mail, to: driver.email }, now, { eventKey: `${notice.key}:email` })
    if (id !== null) written++
  }
  return written
}

export interface DriverRef {
  userId: number
  firstname: string
  email: string
}

/**
 * An application moved to `status` (never called for 'nueva'); `changedAt` tells a later change
 * to the same status apart from a retry of this one.
 */
export function notifyApplicationStatus(
  db: Kysely<Database>,
  d: DriverRef & {
    applicationId: number
    status: Exclude<ApplicationStatus, 'nueva'>
    postingTitle: string
    companyName: string
    companyEmail: string
    changedAt: string
    link: string
  },
  now: Date,
) {
  const mail =
    d.status === 'seleccionado'
      ? selectedMail(d.email, {
          driverName: d.firstname,
          postingTitle: d.postingTitle,
          companyName: d.companyName,
          companyEmail: d.companyEmail,
          link: d.link,
        })
      : applicationStatusMail(d.email, {
          driverName: d.firstname,
          postingTitle: d.postingTitle,
          companyName: d.companyName,
          status: d.status,
          link: d.link,
        })
  const news = d.status === 'seleccionado' ? 'te seleccionó para' : `${APPLICATION_STATUS_NEWS[d.status]} a`
  return notifyDriver(
    db,
    d.userId,
    {
      key: `application-status:${d.applicationId}:${d.status}:${d.changedAt}`,
      mail,
      whatsapp: `Fleeters: ${d.companyName} ${news} «${d.postingTitle}». ${d.link}`,
    },
    now,
  )
}

/** A company invites the driver to apply to a posting (decision 106): once per driver and posting. */
export function notifyInvitation(
  db: Kysely<Database>,
  d: DriverRef & { postingId: number; postingTitle: string; companyName: string; place: string; link: string },
  now: Date,
) {
  return notifyDriver(
    db,
    d.userId,
    {
      key: `posting-invitation:${d.postingId}:${d.userId}`,
      mail: invitationMail(d.email, {
        driverName: d.firstname,
        companyName: d.companyName,
        postingTitle: d.postingTitle,
        place: d.place,
        link: d.link,
      }),
      whatsapp: `Fleeters: ${d.companyName} te invita a postular a «${d.postingTitle}» en ${d.place}. ${d.link}`,
    },
    now,
  )
}
