import { sql, type Kysely } from 'kysely'
import { formatRut } from '#domain/format'
import {
  isPersonName,
  OWNER_ID_IMAGE_FIELDS,
  OWNER_ID_IMAGE_MAX_BYTES,
  ownerIdImageInvalidTypeMessage,
  ownerIdImagePart,
  ownerIdImageTooLargeMessage,
  POWER_DRIVER_FIELDS,
  POWER_OWNER_FIELDS,
  simplePowerFormSchemaAt,
} from '#domain/validation/power'
import type { Database } from '#services/platform/db/schema'
import { inTransaction, lockUser } from '#services/platform/db/transaction'
import { ApiError, MESSAGES, validate } from '#services/platform/http'
import { enqueueWhatsApp } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { toDocumentRecord } from '#services/users/driver-area/document-operations'
import { EXTENSION_FOR, sniffType } from '#services/users/driver-area/images'
import { inspectPowerLinkToken, signPowerLinkToken, signPowerReviewToken, verifyPowerReviewToken } from './tokens'

/**
 * The simple power of attorney (spec §1, §3, §5, §7) as operations `(platform, driver, input) →
 * result`: a driver issues a signed single-use link and lists theirs; whoever holds a link (the
 * driver or the vehicle's owner) checks it and creates the power with it, the token and not a
 * session being the credential, so those operations take no actor; the owner fetches the PDF by
 * the review link of the WhatsApp message. A link that cannot be used is an answer, not an error:
 * `{ status: 404 | 410, body }` with its state, for the page to say what happened. The routes
 * (index.ts) read the session's driver, the body or the multipart form, and answer with the
 * result; tests and scripts call the operations directly.
 */

export const POWER_SLOT = 'autorizacion_dueno_vehiculo'
/** The web page of spec §2 that the link opens. */
export const POWER_PAGE_PATH = '/crear-poder-simple'

export const POWER_SERVICE_MESSAGES = {
  linkCreated: 'Enlace para crear el poder simple generado. Es válido por 7 días y sirve una sola vez.',
  invalidLink: 'El enlace del poder simple no es válido.',
  usedLink: 'Este enlace ya fue usado: con él ya se creó un poder simple. Pide al conductor un enlace nuevo.',
  expiredLink: 'Este enlace venció: sirve 7 días desde que el conductor lo genera. Pide al conductor un enlace nuevo.',
  created: 'Proceso de Poder Simple Iniciado. El dueño del vehículo debe firmarlo a través de WhatsApp.',
  duplicated: 'Envía un solo archivo por imagen.',
  unreadableImage: 'No se pudo leer la imagen.',
  linkNeedsName:
    'Para generar el enlace, tu nombre en tu perfil debe tener solo letras, espacios, ' +
    'apóstrofos o guiones: es el nombre que verá el dueño del vehículo. Corrígelo en ' +
    '«Mi perfil».',
  driverNeedsName:
    'El nombre de la cuenta del conductor debe tener solo letras, espacios, ' +
    'apóstrofos o guiones: es el nombre que verá el dueño del vehículo. Pide al ' +
    'conductor que lo corrija en su perfil.',
  driverCap: 'Este conductor ya envió 3 solicitudes de poder simple en las últimas 24 horas. Intenta de nuevo mañana.',
  phoneCap: 'Este número ya recibió una solicitud de poder simple en las últimas 24 horas. Intenta de nuevo mañana.',
} as const
const M = POWER_SERVICE_MESSAGES

/**
 * Each power sends the owner a WhatsApp message from the platform's number, so a driver may have
 * at most 3 sent in 24 hours and a phone receive at most 1 (decision 73), whoever fills the form.
 * Counted from the powers themselves (durable, on every process, nothing spent by a refused or
 * failed submission); RATE_LIMIT_FACTOR raises them like every other limit.
 */
export const POWER_MESSAGE_LIMITS = { perDriver: 3, perPhone: 1, windowMs: 24 * 60 * 60 * 1000 } as const

/** The driver's name as the account has it: what the owner's message says, not what a form typed. */
function accountName(u: { firstname: string; lastname: string }): string {
  return `${u.firstname} ${u.lastname}`.trim().replace(/\s+/g, ' ')
}

/**
 * Refuses (429, Retry-After) a power over either limit. Run before the files are stored and again
 * in the writing transaction, after taking the driver's row and the phone's lock, so two
 * simultaneous submissions cannot both pass (SQLite writes one transaction at a time already).
 */
async function checkMessageLimits(
  db: Kysely<Database>,
  p: Platform,
  driverId: number,
  phone: string,
  now: Date,
): Promise<void> {
  const factor = p.config.RATE_LIMIT_FACTOR
  const since = new Date(now.getTime() - POWER_MESSAGE_LIMITS.windowMs).toISOString()
  const count = (column: 'user_id' | 'phone_owner', value: number | string) =>
    db
      .selectFrom('simple_powers')
      .select([(eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow()
  for (const [column, value, limit, message] of [
    ['user_id', driverId, POWER_MESSAGE_LIMITS.perDriver, M.driverCap],
    ['phone_owner', phone, POWER_MESSAGE_LIMITS.perPhone, M.phoneCap],
  ] as const) {
    const row = await count(column, value)
    if (Number(row.n) < limit * factor) continue
    const retry = row.oldest
      ? Date.parse(row.oldest) + POWER_MESSAGE_LIMITS.windowMs - now.getTime()
      : POWER_MESSAGE_LIMITS.windowMs
    throw new PowerLimitError(message, Math.max(1, Math.ceil(retry / 1000)))
  }
}

/** A 429 of the limits above, with the seconds until the oldest counted power leaves the window. */
export class PowerLimitError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message)
  }
}

/** The PDF code (pdf-lib, sharp) is loaded on the first power document, not at start. */
const pdfModule = () => import('./pdf')

/** Mobile typed by the owner (9 to 12 digits starting with 9) as WhatsApp wants it: 9 digits get Chile's 56. */
export function whatsappNumber(phone: string): string {
  return phone.length === 9 ? `56${phone}` : phone
}

export function powerLinkPath(token: string) {
  return `${POWER_PAGE_PATH}?power=${encodeURIComponent(token)}`
}

/** Where the owner reviews the generated document (public; the token names the power). */
export function powerReviewUrl(p: Platform, token: string) {
  return `${p.publicUrl}/api/users/power-simple-document/${encodeURIComponent(token)}`
}

/** What a link is for its driver and for whoever opens it (decision 41). */
export type PowerLinkState = 'sent' | 'used' | 'expired'

function stateOf(row: { used_at: string | null; expires_at: string }, now: Date): PowerLinkState {
  return row.used_at ? 'used' : row.expires_at <= now.toISOString() ? 'expired' : 'sent'
}

/**
 * The link behind a token: live (genuine, unexpired, unused, its driver still a driver), used or
 * expired (genuine, so the page can say what happened), or invalid (anything else).
 */
async function linkState(p: Platform, token: unknown) {
  const now = p.now()
  const inspected = await inspectPowerLinkToken(p.keys.jwt, token, now)
  if (!inspected) return { state: 'invalid' as const }
  const { claims } = inspected
  const link = await p.db
    .selectFrom('simple_power_links')
    .innerJoin('users', 'users.id', 'simple_power_links.user_id')
    .select([
      'simple_power_links.id',
      'simple_power_links.user_id',
      'simple_power_links.expires_at',
      'simple_power_links.used_at',
      'users.role',
      'users.firstname',
      'users.lastname',
      'users.rut',
      'users.address',
    ])
    .where('simple_power_links.jti', '=', claims.jti)
    .executeTakeFirst()
    .then((row) => row && { ...row, rut: p.columns.openNullable('rut', row.rut) })
  if (!link || link.user_id !== claims.driverId || link.role !== 'User') return { state: 'invalid' as const }
  const state = link.used_at ? 'used' : inspected.expired ? 'expired' : stateOf(link, now)
  if (state !== 'sent') return { state, link }
  return { state: 'live' as const, link }
}

/** The driver who acts: the user of the session. */
export interface Driver {
  userId: number
}

type LinkState = Awaited<ReturnType<typeof linkState>>

/** The answer for a link that cannot be used: 404 invalid, 410 used or expired, with its state and dates. */
function deadLink(found: Exclude<LinkState, { state: 'live' }>) {
  if (found.state === 'invalid')
    return { status: 404 as const, body: { message: M.invalidLink, state: 'invalid' as const } }
  return {
    status: 410 as const,
    body: {
      message: found.state === 'used' ? M.usedLink : M.expiredLink,
      state: found.state,
      expires_at: found.link.expires_at,
      used_at: found.link.used_at,
    },
  }
}

/**
 * Issues the driver a link for the power page, only for themself. The owner's message names the
 * driver from the account: a name it can carry, or no link (400).
 */
export async function createPowerLink(p: Platform, driver: Driver) {
  const { userId } = driver
  const account = await p.db
    .selectFrom('users')
    .select(['firstname', 'lastname'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  if (!isPersonName(accountName(account))) throw new ApiError(400, M.linkNeedsName)
  const now = p.now()
  const { token, jti, expiresAt } = await signPowerLinkToken(p.keys.jwt, userId, now)
  await p.db
    .insertInto('simple_power_links')
    .values({
      user_id: userId,
      jti,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
    })
    .execute()
  return { message: M.linkCreated, token, path: powerLinkPath(token), expires_at: expiresAt.toISOString() }
}

/** The driver's last 20 links, newest first, with their state: sent (still usable), used or expired. */
export async function listPowerLinks(p: Platform, driver: Driver) {
  const now = p.now()
  const rows = await p.db
    .selectFrom('simple_power_links')
    .select(['id', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', driver.userId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute()
  return { links: rows.map((r) => ({ ...r, state: stateOf(r, now) })) }
}

/** A live link's expiry and what the profile knows of its driver, for the page to prefill; or why it is dead. */
export async function verifyPowerLink(p: Platform, { power }: { power: unknown }) {
  const found = await linkState(p, power)
  if (found.state !== 'live') return deadLink(found)
  const { link } = found
  return {
    status: 200 as const,
    body: {
      expires_at: link.expires_at,
      driver: {
        fullNameDriver: `${link.firstname} ${link.lastname}`.trim(),
        rutDriver: link.rut ?? '',
        addressDriver: link.address ?? '',
      },
    },
  }
}

/**
 * Creates the power from the page's multipart form: the link's token (`power`; 403 for an invalid
 * one, the dead-link answer for a used or expired one), the driver's and owner's fields and the two
 * images of the owner's ID. Stores the images and the generated PDF, spends the link, writes the
 * power and its pending document, and queues the owner's WhatsApp message, all or nothing. Over a
 * message limit it throws a PowerLimitError (429) that tells when to try again.
 */
export async function createSimplePower(p: Platform, form: FormData) {
  const found = await linkState(p, form.get('power'))
  if (found.state === 'invalid') throw new ApiError(403, M.invalidLink)
  if (found.state !== 'live') return deadLink(found)
  const { link } = found

  const input: Record<string, unknown> = {}
  for (const name of [...POWER_DRIVER_FIELDS, ...POWER_OWNER_FIELDS]) {
    const values = form.getAll(name)
    input[name] =
      values.length === 1 && typeof values[0] === 'string' ? values[0] : values.length === 0 ? undefined : null
  }
  for (const { name } of OWNER_ID_IMAGE_FIELDS) {
    const files = form.getAll(ownerIdImagePart(name))
    if (files.length > 1) throw new ApiError(400, M.duplicated)
    input[name] = files[0] instanceof File ? files[0] : undefined
  }
  // The vehicle years count from the service's clock (decision 42), like the page's list.
  const values = validate(simplePowerFormSchemaAt(p.now), input)
  const driverName = accountName(link)
  if (!isPersonName(driverName)) throw new ApiError(400, M.driverNeedsName)
  await checkMessageLimits(p.db, p, link.user_id, values.phoneOwner, p.now())

  // By content, whatever the name and the browser said: PNG or JPEG, under 3 MB.
  const images = []
  for (const { name, tipo } of OWNER_ID_IMAGE_FIELDS) {
    const file = values[name]
    if (file.size >= OWNER_ID_IMAGE_MAX_BYTES) throw new ApiError(413, ownerIdImageTooLargeMessage(tipo))
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (bytes.byteLength >= OWNER_ID_IMAGE_MAX_BYTES) throw new ApiError(413, ownerIdImageTooLargeMessage(tipo))
    const type = sniffType(bytes)
    if (type !== 'image/png' && type !== 'image/jpeg') throw new ApiError(400, ownerIdImageInvalidTypeMessage(tipo))
    // Decoded now: an image the PDF cannot carry is refused before anything is written.
    const { idImageForPdf } = await pdfModule()
    const forPdf = await idImageForPdf(bytes).catch(() => {
      throw new ApiError(400, `${M.unreadableImage.replace(/\.$/, '')}: ${tipo}. Sube una foto PNG o JPG nítida.`)
    })
    images.push({ bytes, type, forPdf })
  }
  const [front, back] = images as [(typeof images)[0], (typeof images)[0]]

  const now = p.now()
  const { renderPowerDocument } = await pdfModule()
  const pdf = await renderPowerDocument({
    ...values,
    date: now,
    ownerId: { front: front.forPdf, back: back.forPdf },
  })
  const keys: string[] = []
  try {
    keys.push(await p.files.put('powers', front.bytes, EXTENSION_FOR[front.type]))
    keys.push(await p.files.put('powers', back.bytes, EXTENSION_FOR[back.type]))
    keys.push(await p.files.put('documents', pdf, 'pdf'))
    const ts = now.toISOString()
    const { record, powerId } = await inTransaction(p.db, async (trx) => {
      // The limits again, with the driver's row and the phone locked until the power is written.
      await lockUser(trx, p.dialect, link.user_id)
      if (p.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(hashtext(${`fleeters:power-phone:${values.phoneOwner}`}))`.execute(trx)
      await checkMessageLimits(trx, p, link.user_id, values.phoneOwner, now)
      // Spent first: of two submissions racing with one link, only one gets past this line.
      const spent = await trx
        .updateTable('simple_power_links')
        .set({ used_at: ts })
        .where('id', '=', link.id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (Number(spent.numUpdatedRows) !== 1) throw new ApiError(410, M.usedLink)
      const file = await trx
        .insertInto('user_files')
        .values({
          user_id: link.user_id,
          purpose_name: POWER_SLOT,
          file_status: 'PENDING',
          storage_key: keys[2]!,
          mime_type: 'application/pdf',
          size_bytes: pdf.byteLength,
          original_name: `poder-simple-${values.vehicleLicensePlate}.pdf`,
          rejection_reason: null,
          created_at: ts,
          reviewed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      const power = await trx
        .insertInto('simple_powers')
        .values({
          user_id: link.user_id,
          link_id: link.id,
          full_name_driver: values.fullNameDriver,
          rut_driver: p.columns.seal('rut', values.rutDriver),
          address_driver: values.addressDriver,
          nationality_driver: values.nationalityDriver,
          vehicle_brand: values.vehicleBrand,
          vehicle_model: values.vehicleModel,
          vehicle_year: values.vehicleYear,
          vehicle_license_plate: values.vehicleLicensePlate,
          full_name_owner: values.fullNameOwner,
          rut_owner: p.columns.seal('rut', values.rutOwner),
          address_owner: values.addressOwner,
          nationality_owner: values.nationalityOwner,
          phone_owner: values.phoneOwner,
          email_owner: values.emailOwner,
          id_front_key: keys[0]!,
          id_front_mime: front.type,
          id_back_key: keys[1]!,
          id_back_mime: back.type,
          document_file_id: file.id,
          status: 'PENDING_SIGNATURE',
          created_at: ts,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const review = powerReviewUrl(p, await signPowerReviewToken(p.keys.jwt, power.id, now))
      const text = ownerMessage(
        {
          ownerName: values.fullNameOwner,
          driverName,
          driverRut: link.rut,
          plate: values.vehicleLicensePlate,
          year: values.vehicleYear,
        },
        review,
        p.config.TEAM_EMAIL,
      )
      await enqueueWhatsApp(trx, { to: whatsappNumber(values.phoneOwner), text }, now)
      return { record: toDocumentRecord(file), powerId: power.id }
    })
    p.wakeOutbox()
    return { status: 201 as const, body: { message: M.created, id_power: powerId, document: record } }
  } catch (err) {
    await Promise.all(keys.map((k) => p.files.remove(k).catch(() => {})))
    throw err
  }
}

/** The PDF of a power, by the review token of the owner's message; 404 for any other token. */
export async function getSimplePowerDocument(p: Platform, { token }: { token: string }) {
  const id = await verifyPowerReviewToken(p.keys.jwt, token, p.now())
  const row = id
    ? await p.db
        .selectFrom('simple_powers')
        .innerJoin('user_files', 'user_files.id', 'simple_powers.document_file_id')
        .select(['user_files.storage_key', 'simple_powers.vehicle_license_plate'])
        .where('simple_powers.id', '=', id)
        .executeTakeFirst()
    : undefined
  const bytes = row ? await p.files.get(row.storage_key) : null
  if (!row || !bytes) throw new ApiError(404, MESSAGES.notFound)
  return { bytes, filename: `poder-simple-${row.vehicle_license_plate}.pdf` }
}

/**
 * The WhatsApp text to the owner. Sent from the platform's number on a driver's request, so it
 * carries nothing a driver wrote freely (decision 73): the owner's and the driver's names (the
 * driver's from the account, validated as a person's name), the account's RUT, the plate and the
 * year (validated), the product's own review link, and where to report an abuse.
 */
export function ownerMessage(
  v: { ownerName: string; driverName: string; driverRut: string | null; plate: string; year: number },
  reviewUrl: string,
  contactEmail: string,
): string {
  const who = v.driverRut ? `${v.driverName} (RUT ${formatRut(v.driverRut)})` : v.driverName
  return [
    `Hola ${v.ownerName}:`,
    `${who}, conductor registrado en Fleeters, te pide autorización para conducir tu ` +
      `vehículo patente ${v.plate} (año ${v.year}).`,
    `Revisa el poder simple aquí: ${reviewUrl}`,
    'Para firmarlo, responde a este mensaje con la palabra ACEPTO o con una foto del documento firmado.',
    `Si no conoces a esta persona, ignora este mensaje o escríbenos a ${contactEmail} para reportar un abuso.`,
  ].join('\n\n')
}
