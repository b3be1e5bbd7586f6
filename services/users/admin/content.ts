import type { Context } from 'hono'
import { z } from 'zod'
import { contentCreatedSchema, contentDataSchema } from '#domain/contract/admin'
import { okMessageSchema } from '#domain/contract/common'
import { ADMIN_MESSAGES, moveSchema, partnerLogoNameSchema } from '#domain/validation/admin'
import type { AuthEnv } from '#services/platform/auth'
import {
  defineRoute,
  errors,
  fileField,
  idParams,
  jsonBody,
  jsonResponse,
  multipartBody,
  OpenAPIHono,
  operationName,
} from '#services/platform/contract'
import { ApiError, MESSAGES, validate } from '#services/platform/http'
import { changesPublicContent } from '#services/platform/invalidation'
import type { Platform } from '#services/platform/platform'
import {
  addItem,
  addLogo,
  CONTENT_LISTS,
  deleteItem,
  LOGOS,
  moveItem,
  readContent,
  type TextList,
  updateItem,
  updateLogo,
} from './content-operations'
import { actorOf, requireRecentAuth } from './shared'

type App = OpenAPIHono<AuthEnv>
const tags = ['Consola']

async function readMultipart(c: Context): Promise<FormData> {
  const type = c.req.header('content-type') ?? ''
  if (!type.startsWith('multipart/form-data')) throw new ApiError(400, MESSAGES.badJson)
  try {
    return await c.req.formData()
  } catch {
    throw new ApiError(400, MESSAGES.badJson)
  }
}

/**
 * The console's content calls, declared from the lists of content-operations.ts: a list written
 * from JSON gets «add» (if the console creates its items) and «update»; the logos get the same two
 * from multipart; every list gets «move», and «delete» where its items may go. Every write drops
 * the web tier's caches, so the public pages show it at once.
 */
export function adminContentRoutes(p: Platform) {
  const app: App = new OpenAPIHono<AuthEnv>()

  defineRoute(
    app,
    {
      method: 'get',
      path: '/content',
      operationId: 'getHomeContent',
      tags,
      summary: 'El contenido del inicio: preguntas, testimonios, logos y cifras',
      responses: { 200: jsonResponse(contentDataSchema, 'Contenido'), ...errors(401, 403) },
    },
    async (c) => c.json(await readContent(p)),
  )

  for (const list of CONTENT_LISTS) {
    if ('schema' in list) textListRoutes(app, p, list)
    else logoRoutes(app, p)
  }

  for (const list of CONTENT_LISTS) {
    defineRoute(
      app,
      {
        method: 'post',
        path: `/content/${list.path}/{id}/move`,
        operationId: operationName('move', list.label),
        tags,
        summary: 'Sube o baja un elemento de la lista',
        middleware: [changesPublicContent(p)],
        request: { params: idParams, body: jsonBody(moveSchema) },
        responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(400, 401, 403, 404) },
      },
      async (c) => {
        const { id } = c.req.valid('param')
        const { direction } = c.req.valid('json')
        await moveItem(p, await actorOf(p, c), { list, id, direction })
        return c.json({ message: ADMIN_MESSAGES.moved })
      },
    )
    if (!list.deletable) continue
    defineRoute(
      app,
      {
        method: 'delete',
        path: `/content/${list.path}/{id}`,
        operationId: operationName('delete', list.label),
        tags,
        summary: 'Elimina un elemento de la lista (pide haber confirmado la identidad en los últimos 10 minutos)',
        middleware: [requireRecentAuth(p), changesPublicContent(p)],
        request: { params: idParams },
        responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(401, 403, 404) },
      },
      async (c) => {
        const { id } = c.req.valid('param')
        await deleteItem(p, await actorOf(p, c), { list, id })
        return c.json({ message: ADMIN_MESSAGES.deleted })
      },
    )
  }

  return app
}

/** «add» and «update» of a list its domain schema validates, as JSON. */
function textListRoutes(app: App, p: Platform, list: TextList) {
  if (list.creatable)
    defineRoute(
      app,
      {
        method: 'post',
        path: `/content/${list.path}`,
        operationId: operationName('add', list.label),
        tags,
        summary: `Agrega ${list.noun}`,
        middleware: [changesPublicContent(p)],
        request: { body: jsonBody(list.schema) },
        responses: { 201: jsonResponse(contentCreatedSchema, 'Creado'), ...errors(400, 401, 403) },
      },
      async (c) => {
        const { id } = await addItem(p, await actorOf(p, c), { list, input: c.req.valid('json') })
        return c.json({ message: ADMIN_MESSAGES.created, id }, 201)
      },
    )
  defineRoute(
    app,
    {
      method: 'put',
      path: `/content/${list.path}/{id}`,
      operationId: operationName('update', list.label),
      tags,
      summary: `Edita ${list.noun}`,
      middleware: [changesPublicContent(p)],
      request: { params: idParams, body: jsonBody(list.schema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      await updateItem(p, await actorOf(p, c), { list, id, input: c.req.valid('json') })
      return c.json({ message: ADMIN_MESSAGES.saved })
    },
  )
}

/** The image of a logo form: a file with bytes, or null. */
function imageOf(form: FormData): File | null {
  const image = form.get('image')
  return image && typeof image !== 'string' && image.size > 0 ? image : null
}

/** «add» and «update» of a partner logo: multipart, a name and an image. */
function logoRoutes(app: App, p: Platform) {
  defineRoute(
    app,
    {
      method: 'post',
      path: `/content/${LOGOS.path}`,
      operationId: operationName('add', LOGOS.label),
      tags,
      summary: 'Agrega un logo de empresa aliada (multipart: name, image)',
      middleware: [changesPublicContent(p)],
      request: { body: multipartBody(z.object({ name: z.string(), image: fileField() })) },
      responses: { 201: jsonResponse(contentCreatedSchema, 'Creado'), ...errors(400, 401, 403, 413) },
    },
    async (c) => {
      const form = await readMultipart(c)
      const { name } = validate(partnerLogoNameSchema, { name: form.get('name') })
      const image = imageOf(form)
      if (!image) throw new ApiError(400, ADMIN_MESSAGES.logoRequired)
      const { id, img_logo } = await addLogo(p, await actorOf(p, c), { name, image })
      return c.json({ message: ADMIN_MESSAGES.created, id, img_logo }, 201)
    },
  )
  defineRoute(
    app,
    {
      method: 'put',
      path: `/content/${LOGOS.path}/{id}`,
      operationId: operationName('update', LOGOS.label),
      tags,
      summary: 'Edita un logo (multipart: name y, si cambia, image)',
      middleware: [changesPublicContent(p)],
      request: { params: idParams, body: multipartBody(z.object({ name: z.string(), image: fileField().optional() })) },
      responses: { 200: jsonResponse(okMessageSchema, 'Guardado'), ...errors(400, 401, 403, 404, 413) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const form = await readMultipart(c)
      const { name } = validate(partnerLogoNameSchema, { name: form.get('name') })
      await updateLogo(p, await actorOf(p, c), { id, name, image: imageOf(form) })
      return c.json({ message: ADMIN_MESSAGES.saved })
    },
  )
}
