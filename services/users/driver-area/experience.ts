import type { Selectable } from 'kysely'
import { z } from 'zod'
import { okMessageSchema } from '#domain/contract/common'
import { experienceRecordSchema, experienceSavedSchema } from '#domain/contract/users'
import { dayInChile } from '#domain/format'
import { experienceDurationUntil, experienceInputFromPayload, experienceSchema } from '#domain/validation/experience'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { WorkExperienceTable } from '#services/platform/db/schema-driver-area'
import type { Platform } from '#services/platform/platform'
import { notFound, requireDriver, unwrapData } from './shared'

export const EXPERIENCE_SERVICE_MESSAGES = {
  created: 'Experiencia agregada correctamente.',
  updated: 'Experiencia actualizada correctamente.',
  deleted: 'Experiencia eliminada correctamente.',
} as const

/**
 * Spec §3 "Work experience", its fields only. The current job («Trabajo actual»)
 * has a null end_date, and its duration counts up to `today` (yyyy-mm-dd, in Chile).
 */
export function toExperience(row: Selectable<WorkExperienceTable>, today: string) {
  return {
    id_ew: row.id,
    job_title: row.job_title,
    company_name: row.company_name,
    type_employment: row.type_employment,
    location: row.location,
    start_date: row.start_date,
    end_date: row.end_date,
    duration: experienceDurationUntil(row.start_date, row.end_date, today),
    job_description: row.job_description,
  }
}

export function experienceRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const body = jsonBody(experienceSchema, {
    prepare: (raw) => experienceInputFromPayload(unwrapData(raw)),
    description: 'También acepta company_name y type_employment (los nombres guardados).',
  })
  app.use('/experience-work/*', requireDriver(p))

  const present = (row: Selectable<WorkExperienceTable>) => toExperience(row, dayInChile(p.now()))
  const own = (id: number, userId: number) =>
    p.db.selectFrom('work_experience').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()

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
    async (c) => {
      const rows = await p.db
        .selectFrom('work_experience')
        .selectAll()
        .where('user_id', '=', c.get('auth').userId)
        .orderBy('start_date', 'desc')
        .orderBy('id', 'desc')
        .execute()
      return c.json(rows.map(present))
    },
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
    async (c) => {
      const input = c.req.valid('json')
      const now = p.now().toISOString()
      const row = await p.db
        .insertInto('work_experience')
        .values({
          user_id: c.get('auth').userId,
          job_title: input.job_title,
          company_name: input.nameBusiness,
          type_employment: input.typeEmployment,
          location: input.location,
          start_date: input.start_date,
          end_date: input.end_date ?? null,
          job_description: input.job_description,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return c.json({ message: EXPERIENCE_SERVICE_MESSAGES.created, experience: present(row) }, 201)
    },
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
    async (c) => {
      const row = await own(c.req.valid('param').id, c.get('auth').userId)
      if (!row) throw notFound()
      return c.json(present(row))
    },
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
      const userId = c.get('auth').userId
      const input = c.req.valid('json')
      const row = await p.db
        .updateTable('work_experience')
        .set({
          job_title: input.job_title,
          company_name: input.nameBusiness,
          type_employment: input.typeEmployment,
          location: input.location,
          start_date: input.start_date,
          end_date: input.end_date ?? null,
          job_description: input.job_description,
          updated_at: p.now().toISOString(),
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst()
      if (!row) throw notFound()
      return c.json({ message: EXPERIENCE_SERVICE_MESSAGES.updated, experience: present(row) })
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
    async (c) => {
      const { id } = c.req.valid('param')
      const result = await p.db
        .deleteFrom('work_experience')
        .where('id', '=', id)
        .where('user_id', '=', c.get('auth').userId)
        .executeTakeFirst()
      if (Number(result.numDeletedRows) !== 1) throw notFound()
      return c.json({ message: EXPERIENCE_SERVICE_MESSAGES.deleted })
    },
  )

  return app
}
