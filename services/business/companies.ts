import { Hono, type Handler } from 'hono'
import { ApiError, MESSAGES } from '../platform/http'
import type { Platform } from '../platform/platform'

/** POST /business/register as multipart (data JSON + logoBusiness): a company account. */
export function handleCompanyRegistration(_p: Platform): Handler {
  return () => {
    throw new ApiError(404, MESSAGES.notFound)
  }
}

/** The company's postings, applicants and emails (mounted at /business). */
export function companyRoutes(_p: Platform) {
  return new Hono()
}
