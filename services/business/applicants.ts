import {
  applicantProfileSchema,
  applicantsMovedSchema,
  applicantsSchema,
  applicantsSeenSchema as applicantsSeenResponseSchema,
  applicationStatusUpdatedSchema,
} from '#domain/contract/business'
import { okMessageSchema } from '#domain/contract/common'
import { emailToApplicantSchema } from '#domain/validation/applicant-email'
import {
  applicantsBulkStatusSchema,
  applicantsQuerySchema,
  applicantsSeenSchema,
  applicationStatusSchema,
} from '#domain/validation/marketplace'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import {
  defineRoute,
  errors,
  fileResponse,
  idParams,
  jsonBody,
  jsonResponse,
  OpenAPIHono,
} from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import {
  applicantPhoto,
  applicantProfile,
  emailApplicant,
  listApplicants,
  markApplicantsSeen,
  moveApplicants,
  updateApplicationStatus,
} from './applicant-operations'
import { companyActor } from './company-context'

/**
 * The applicants of a company's postings, their status, the email to them and their public
 * profile: the declarations, each handler calling one operation of applicant-operations.ts.
 */
export function applicantRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Empresas']
  const auth = requireRole(p, 'business')

  defineRoute(
    app,
    {
      method: 'get',
      path: '/job-postings/{id}/applicants',
      operationId: 'listApplicants',
      tags,
      summary: 'Los postulantes de una oferta de la empresa (?status= filtra por estado)',
      middleware: [auth],
      request: { params: idParams, query: applicantsQuerySchema },
      responses: { 200: jsonResponse(applicantsSchema, 'Oferta y postulantes'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const input = { ...c.req.valid('query'), id: c.req.valid('param').id }
      return c.json(await listApplicants(p, await companyActor(p, c), input))
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/job-postings/{id}/applicants-seen',
      operationId: 'markApplicantsSeen',
      tags,
      summary: 'Marca como vistas las postulaciones que la empresa tuvo en pantalla',
      middleware: [auth],
      request: { params: idParams, body: jsonBody(applicantsSeenSchema) },
      responses: {
        200: jsonResponse(applicantsSeenResponseSchema, 'Postulaciones marcadas'),
        ...errors(400, 401, 403, 404),
      },
    },
    async (c) => {
      const input = { ...c.req.valid('json'), id: c.req.valid('param').id }
      return c.json(await markApplicantsSeen(p, await companyActor(p, c), input))
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/update-application-status/{id}',
      operationId: 'updateApplicationStatus',
      tags,
      summary: 'Cambia el estado de una postulación',
      middleware: [auth],
      request: { params: idParams, body: jsonBody(applicationStatusSchema) },
      responses: {
        200: jsonResponse(applicationStatusUpdatedSchema, 'Estado actualizado'),
        ...errors(400, 401, 403, 404),
      },
    },
    async (c) => {
      const input = { ...c.req.valid('json'), id: c.req.valid('param').id }
      return c.json(await updateApplicationStatus(p, await companyActor(p, c), input))
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/job-postings/{id}/applicants-status',
      operationId: 'moveApplicants',
      tags,
      summary: 'Mueve varias postulaciones de una oferta a un estado: todas o ninguna',
      middleware: [auth],
      request: { params: idParams, body: jsonBody(applicantsBulkStatusSchema) },
      responses: {
        200: jsonResponse(applicantsMovedSchema, 'Postulaciones movidas'),
        ...errors(400, 401, 403, 404),
      },
    },
    async (c) => {
      const input = { ...c.req.valid('json'), id: c.req.valid('param').id }
      return c.json(await moveApplicants(p, await companyActor(p, c), input))
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/send-email-to-user-jobpostulate',
      operationId: 'emailApplicant',
      tags,
      summary: 'Envía un correo a un postulante',
      middleware: [auth],
      request: { body: jsonBody(emailToApplicantSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Correo enviado'), ...errors(400, 401, 403, 404) },
    },
    async (c) => c.json(await emailApplicant(p, await companyActor(p, c), c.req.valid('json'))),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/driver-profile/{id}',
      operationId: 'getApplicantProfile',
      tags,
      summary: 'El perfil público de un postulante de la empresa',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: jsonResponse(applicantProfileSchema, 'Perfil'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await applicantProfile(p, await companyActor(p, c), c.req.valid('param'))),
  )

  // The driver's own photo route answers only to them; a company sees its applicants' here.
  defineRoute(
    app,
    {
      method: 'get',
      path: '/driver-photo/{id}',
      operationId: 'getApplicantPhoto',
      tags,
      summary: 'La foto de un postulante de la empresa',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: fileResponse('La imagen', 'image/jpeg'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const { bytes, mimeType } = await applicantPhoto(p, await companyActor(p, c), c.req.valid('param'))
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': mimeType,
        'Cache-Control': 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
      })
    },
  )

  return app
}
