import { z } from 'zod'
import { okMessageSchema } from '#domain/contract/common'
import { experienceRecordSchema, experienceSavedSchema } from '#domain/contract/users'
import { experienceInputFromPayload, experienceSchema } from '#domain/validation/experience'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import {
  addExperience,
  deleteExperience,
  listExperience,
  readExperience,
  updateExperience,
} from './experience-operations'
import { driverActor, requireDriver, unwrapData } from './shared'

/**
 * The driver's work experience. Each handler reads the driver of the session and the validated
 * input, and answers what one operation of experience-operations.ts returns.
 */
export function experienceRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const body = jsonBody(experienceSchema, {
    prepare: (raw) => experienceInputFromPayload(unwrapData(raw)),
    description: 'También acepta company_name y type_employment (los nombres guardados).',
  })
  app.use('/experience-work/*', requireDriver(p))

  defineRoute(
    app,
    {
      method: 'get',
      path: '/experience-work/get-experience-work',
      operationId: 'listExperience',
      tags,
      summary: 'Las experiencias laborales del conductor',
      responses: { 200: jsonResponse(z.array(experienceRecordSchema), 'Lista'), ...errors(401, 403) },
    },
    async (c) => c.json(await listExperience(p, driverActor(c))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/experience-work/add-experience-work',
      operationId: 'addExperience',
      tags,
      summary: 'Agrega una experiencia laboral',
      request: { body },
      responses: { 201: jsonResponse(experienceSavedSchema, 'Experiencia agregada'), ...errors(400, 401, 403) },
    },
    async (c) => c.json(await addExperience(p, driverActor(c), c.req.valid('json')), 201),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/experience-work/get-experience-work-for-update/{id}',
      operationId: 'getExperience',
      tags,
      summary: 'Una experiencia, para editarla',
      request: { params: idParams },
      responses: { 200: jsonResponse(experienceRecordSchema, 'Experiencia'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await readExperience(p, driverActor(c), c.req.valid('param'))),
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/experience-work/update-experience-work/{id}',
      operationId: 'updateExperience',
      tags,
      summary: 'Actualiza una experiencia',
      request: { params: idParams, body },
      responses: { 200: jsonResponse(experienceSavedSchema, 'Experiencia actualizada'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      return c.json(await updateExperience(p, driverActor(c), { id, values: c.req.valid('json') }))
    },
  )

  defineRoute(
    app,
    {
      method: 'delete',
      path: '/experience-work/delete-experience-work/{id}',
      operationId: 'deleteExperience',
      tags,
      summary: 'Elimina una experiencia',
      request: { params: idParams },
      responses: { 200: jsonResponse(okMessageSchema, 'Experiencia eliminada'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await deleteExperience(p, driverActor(c), c.req.valid('param'))),
  )

  return app
}
