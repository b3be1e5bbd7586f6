import { z } from 'zod'
import {
  powerCreatedSchema,
  powerLinkCreatedSchema,
  powerLinkDeadSchema,
  powerLinksSchema,
  powerLinkValidSchema,
} from '#domain/contract/users'
import { OWNER_ID_IMAGE_FIELDS, ownerIdImagePart, simplePowerSchema } from '#domain/validation/power'
import type { AuthEnv } from '#services/platform/auth'
import {
  defineRoute,
  errors,
  fileField,
  fileResponse,
  jsonBody,
  jsonResponse,
  multipartBody,
  OpenAPIHono,
} from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { storedFileHeaders } from '#services/users/driver-area/images'
import { readForm, requireDriver } from '#services/users/driver-area/shared'
import {
  createPowerLink,
  createSimplePower,
  getSimplePowerDocument,
  listPowerLinks,
  PowerLimitError,
  verifyPowerLink,
} from './power-operations'

/** The link's token from a body `{ power }`; anything else is an invalid link (404), not a 400. */
const tokenBody = jsonBody(z.object({ power: z.unknown().meta({ description: 'El token firmado del enlace' }) }), {
  prepare: (body) => ({ power: body && typeof body === 'object' ? (body as { power?: unknown }).power : undefined }),
})

/**
 * The simple power of attorney (spec §1, §3, §5, §7). A driver issues a signed single-use link;
 * whoever holds it (the driver or the vehicle's owner) fills the page and POSTs the power here
 * with the token: the token, not a session, is the credential of create-power-simple. Each
 * handler answers what one operation of power-operations.ts returns.
 */
export function simplePowerRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Poder simple']
  const dead = {
    404: jsonResponse(powerLinkDeadSchema, 'Enlace inválido'),
    410: jsonResponse(powerLinkDeadSchema, 'Enlace usado o vencido'),
  }

  // Only the driver can issue a link, and only for themself (the id comes from the session).
  defineRoute(
    app,
    {
      method: 'post',
      path: '/create-power-simple-link',
      operationId: 'createPowerLink',
      tags,
      summary: 'Crea un enlace firmado de un solo uso para el poder simple del conductor',
      middleware: [requireDriver(p)],
      responses: { 201: jsonResponse(powerLinkCreatedSchema, 'Enlace creado'), ...errors(400, 401, 403) },
    },
    async (c) => c.json(await createPowerLink(p, { userId: c.get('auth').userId }), 201),
  )

  // The driver's links, newest first, with their state: sent (still usable), used or expired.
  defineRoute(
    app,
    {
      method: 'get',
      path: '/power-simple-links',
      operationId: 'listPowerLinks',
      tags,
      summary: 'Los últimos enlaces del conductor con su estado',
      middleware: [requireDriver(p)],
      responses: { 200: jsonResponse(powerLinksSchema, 'Enlaces'), ...errors(401, 403) },
    },
    async (c) => c.json(await listPowerLinks(p, { userId: c.get('auth').userId })),
  )

  // The page checks its token before showing the form, and prefills what the profile knows.
  defineRoute(
    app,
    {
      method: 'post',
      path: '/verify-power-simple',
      operationId: 'verifyPowerLink',
      tags,
      summary: 'Revisa el token del enlace y entrega los datos del conductor para el formulario',
      request: { body: tokenBody },
      responses: { 200: jsonResponse(powerLinkValidSchema, 'Enlace vigente'), ...dead },
    },
    async (c) => {
      const { status, body } = await verifyPowerLink(p, c.req.valid('json'))
      return c.json(body, status)
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/create-power-simple',
      operationId: 'createSimplePower',
      tags,
      summary:
        'Crea el poder simple: formulario multipart con los datos del conductor y del ' +
        'dueño, las dos imágenes de la cédula del dueño y el token del enlace (power)',
      request: {
        body: multipartBody(
          z.object({
            ...simplePowerSchema.shape,
            power: z.string(),
            ...Object.fromEntries(OWNER_ID_IMAGE_FIELDS.map(({ name }) => [ownerIdImagePart(name), fileField()])),
          }),
        ),
      },
      responses: { 201: jsonResponse(powerCreatedSchema, 'Poder creado'), ...dead, ...errors(400, 403, 413, 429) },
    },
    async (c) => {
      const form = await readForm(c)
      try {
        const { status, body } = await createSimplePower(p, form)
        return c.json(body, status)
      } catch (err) {
        // Over a message limit: when the oldest counted power leaves the window.
        if (err instanceof PowerLimitError) c.header('Retry-After', String(err.retryAfterSeconds))
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
      operationId: 'getSimplePowerDocument',
      tags,
      summary: 'El PDF del poder simple, para el dueño (enlace del mensaje de WhatsApp)',
      request: { params: z.object({ token: z.string() }) },
      responses: { 200: fileResponse('El PDF', 'application/pdf'), ...errors(404) },
    },
    async (c) => {
      const { bytes, filename } = await getSimplePowerDocument(p, c.req.valid('param'))
      return c.body(
        bytes as Uint8Array<ArrayBuffer>,
        200,
        storedFileHeaders('application/pdf', filename, bytes.byteLength),
      )
    },
  )

  return app
}
