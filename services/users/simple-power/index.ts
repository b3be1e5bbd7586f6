import type { Context } from 'hono'
import { z } from 'zod'
import { powerCreatedSchema, powerLinkCreatedSchema, powerLinkDeadSchema, powerLinksSchema, powerLinkValidSchema } from '#domain/contract/users'
import {
  OWNER_ID_IMAGE_FIELDS,
  OWNER_ID_IMAGE_MAX_BYTES,
  ownerIdImageInvalidTypeMessage,
  ownerIdImagePart,
  ownerIdImageTooLargeMessage,
  POWER_DRIVER_FIELDS,
  POWER_OWNER_FIELDS,
  simplePowerFormSchemaAt,
  simplePowerSchema,
} from '#domain/validation/power'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, fileField, fileResponse, jsonBody, jsonResponse, multipartBody, OpenAPIHono, security } from '#services/platform/contract'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES, validate } from '#services/platform/http'
import { enqueueWhatsApp } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { toDocumentRecord } from '#services/users/driver-area/documents'
import { EXTENSION_FOR, sniffType, storedFileHeaders } from '#services/users/driver-area/images'
import { readForm, requireDriver } from '#services/users/driver-area/shared'
import { inspectPowerLinkToken, signPowerLinkToken, signPowerReviewToken, verifyPowerReviewToken } from './tokens'

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
} as const
const M = POWER_SERVICE_MESSAGES
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
  if (!link || link.user_id !== claims.driverId || link.role !== 'User') return { state: 'invalid' as const }
  const state = link.used_at ? 'used' : inspected.expired ? 'expired' : stateOf(link, now)
  if (state !== 'sent') return { state, link }
  return { state: 'live' as const, link }
}

/** The refusal for a link that cannot be used: 404 invalid, 410 used or expired, with its state. */
function deadLink(c: Context, found: Exclude<Awaited<ReturnType<typeof linkState>>, { state: 'live' }>) {
  if (found.state === 'invalid') return c.json({ message: M.invalidLink, state: 'invalid' }, 404)
  return c.json({ message: found.state === 'used' ? M.usedLink : M.expiredLink, state: found.state, expires_at: found.link.expires_at, used_at: found.link.used_at }, 410)
}

/** The link's token from a body `{ power }`; anything else is an invalid link (404), not a 400. */
const tokenBody = jsonBody(z.object({ power: z.unknown().meta({ description: 'El token firmado del enlace' }) }), {
  prepare: (body) => ({ power: body && typeof body === 'object' ? (body as { power?: unknown }).power : undefined }),
})

/**
 * The simple power of attorney (spec §1, §3, §5, §7). A driver issues a signed single-use link;
 * whoever holds it (the driver or the vehicle's owner) fills the page and POSTs the power here
 * with the token: the token, not a session, is the credential of create-power-simple.
 */
export function simplePowerRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Poder simple']
  const dead = { 404: jsonResponse(powerLinkDeadSchema, 'Enlace inválido'), 410: jsonResponse(powerLinkDeadSchema, 'Enlace usado o vencido') }

  // Only the driver can issue a link, and only for themself (the id comes from the session).
  defineRoute(
    app,
    {
      method: 'post',
      path: '/create-power-simple-link',
      tags,
      summary: 'Crea un enlace firmado de un solo uso para el poder simple del conductor',
      security: security('User'),
      middleware: [requireDriver(p)],
      responses: { 201: jsonResponse(powerLinkCreatedSchema, 'Enlace creado'), ...errors(401, 403) },
    },
    async (c) => {
      const userId = c.get('auth').userId
      const now = p.now()
      const { token, jti, expiresAt } = await signPowerLinkToken(p.keys.jwt, userId, now)
      await p.db.insertInto('simple_power_links').values({ user_id: userId, jti, created_at: now.toISOString(), expires_at: expiresAt.toISOString(), used_at: null }).execute()
      return c.json({ message: M.linkCreated, token, path: powerLinkPath(token), expires_at: expiresAt.toISOString() }, 201)
    },
  )

  // The driver's links, newest first, with their state: sent (still usable), used or expired.
  defineRoute(
    app,
    {
      method: 'get',
      path: '/power-simple-links',
      tags,
      summary: 'Los últimos enlaces del conductor con su estado',
      security: security('User'),
      middleware: [requireDriver(p)],
      responses: { 200: jsonResponse(powerLinksSchema, 'Enlaces'), ...errors(401, 403) },
    },
    async (c) => {
      const now = p.now()
      const rows = await p.db
        .selectFrom('simple_power_links')
        .select(['id', 'created_at', 'expires_at', 'used_at'])
        .where('user_id', '=', c.get('auth').userId)
        .orderBy('id', 'desc')
        .limit(20)
        .execute()
      return c.json({ links: rows.map((r) => ({ ...r, state: stateOf(r, now) })) })
    },
  )

  // The page checks its token before showing the form, and prefills what the profile knows.
  defineRoute(
    app,
    {
      method: 'post',
      path: '/verify-power-simple',
      tags,
      summary: 'Revisa el token del enlace y entrega los datos del conductor para el formulario',
      request: { body: tokenBody },
      responses: { 200: jsonResponse(powerLinkValidSchema, 'Enlace vigente'), ...dead },
    },
    async (c) => {
      const found = await linkState(p, c.req.valid('json').power)
      if (found.state !== 'live') return deadLink(c, found)
      const { link } = found
      return c.json({
        expires_at: link.expires_at,
        driver: { fullNameDriver: `${link.firstname} ${link.lastname}`.trim(), rutDriver: link.rut ?? '', addressDriver: link.address ?? '' },
      })
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/create-power-simple',
      tags,
      summary: 'Crea el poder simple: formulario multipart con los datos del conductor y del dueño, las dos imágenes de la cédula del dueño y el token del enlace (power)',
      request: {
        body: multipartBody(
          z.object({ ...simplePowerSchema.shape, power: z.string(), ...Object.fromEntries(OWNER_ID_IMAGE_FIELDS.map(({ name }) => [ownerIdImagePart(name), fileField()])) }),
        ),
      },
      responses: { 201: jsonResponse(powerCreatedSchema, 'Poder creado'), ...dead, ...errors(400, 403, 413) },
    },
    async (c) => {
      const form = await readForm(c)
      const found = await linkState(p, form.get('power'))
      if (found.state === 'invalid') throw new ApiError(403, M.invalidLink)
      if (found.state !== 'live') return deadLink(c, found)
      const { link } = found

      const input: Record<string, unknown> = {}
      for (const name of [...POWER_DRIVER_FIELDS, ...POWER_OWNER_FIELDS]) {
        const values = form.getAll(name)
        input[name] = values.length === 1 && typeof values[0] === 'string' ? values[0] : values.length === 0 ? undefined : null
      }
      for (const { name } of OWNER_ID_IMAGE_FIELDS) {
        const files = form.getAll(ownerIdImagePart(name))
        if (files.length > 1) throw new ApiError(400, M.duplicated)
        input[name] = files[0] instanceof File ? files[0] : undefined
      }
      // The vehicle years count from the service's clock (decision 42), like the page's list.
      const values = validate(simplePowerFormSchemaAt(p.now), input)

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
      const pdf = await renderPowerDocument({ ...values, date: now, ownerId: { front: front.forPdf, back: back.forPdf } })
      const keys: string[] = []
      try {
        keys.push(await p.files.put('powers', front.bytes, EXTENSION_FOR[front.type]))
        keys.push(await p.files.put('powers', back.bytes, EXTENSION_FOR[back.type]))
        keys.push(await p.files.put('documents', pdf, 'pdf'))
        const ts = now.toISOString()
        const { record, powerId } = await inTransaction(p.db, async (trx) => {
          // Spent first: of two submissions racing with one link, only one gets past this line.
          const spent = await trx.updateTable('simple_power_links').set({ used_at: ts }).where('id', '=', link.id).where('used_at', 'is', null).executeTakeFirst()
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
              rut_driver: values.rutDriver,
              address_driver: values.addressDriver,
              nationality_driver: values.nationalityDriver,
              vehicle_brand: values.vehicleBrand,
              vehicle_model: values.vehicleModel,
              vehicle_year: values.vehicleYear,
              vehicle_license_plate: values.vehicleLicensePlate,
              full_name_owner: values.fullNameOwner,
              rut_owner: values.rutOwner,
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
          await enqueueWhatsApp(trx, { to: whatsappNumber(values.phoneOwner), text: ownerMessage(values, review) }, now)
          return { record: toDocumentRecord(file), powerId: power.id }
        })
        p.wakeOutbox()
        return c.json({ message: M.created, id_power: powerId, document: record }, 201)
      } catch (err) {
        await Promise.all(keys.map((k) => p.files.remove(k).catch(() => {})))
        throw err
      }
    },
  )

  // The owner's review link from the WhatsApp message: the generated PDF, nothing else.
  defineRoute(
    app,
    {
      method: 'get',
      path: '/power-simple-document/{token}',
      tags,
      summary: 'El PDF del poder simple, para el dueño (enlace del mensaje de WhatsApp)',
      request: { params: z.object({ token: z.string() }) },
      responses: { 200: fileResponse('El PDF', 'application/pdf'), ...errors(404) },
    },
    async (c) => {
      const id = await verifyPowerReviewToken(p.keys.jwt, c.req.param('token'), p.now())
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
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, storedFileHeaders('application/pdf', `poder-simple-${row.vehicle_license_plate}.pdf`, bytes.byteLength))
    },
  )

  return app
}

/** The WhatsApp text to the owner: who asks, for which vehicle, and where to review and sign. */
export function ownerMessage(
  v: { fullNameOwner: string; fullNameDriver: string; rutDriver: string; vehicleBrand: string; vehicleModel: string; vehicleYear: number; vehicleLicensePlate: string },
  reviewUrl: string,
): string {
  return [
    `Hola ${v.fullNameOwner}:`,
    `${v.fullNameDriver} (RUT ${v.rutDriver}) te pide autorización para conducir tu vehículo ${v.vehicleBrand} ${v.vehicleModel} ${v.vehicleYear}, patente ${v.vehicleLicensePlate}, en Fleeters.`,
    `Revisa el poder simple aquí: ${reviewUrl}`,
    'Para firmarlo, responde a este mensaje con la palabra ACEPTO o con una foto del documento firmado. Si no conoces esta solicitud, ignora este mensaje.',
  ].join('\n\n')
}
