/**
 * Response shapes shared by the three services: one API contract. The request
 * schemas live in domain/validation/; the response schemas of each service live beside this file
 * (domain/contract/<service>.ts), so the services (which declare them on their routes), the
 * backend client (app/.server/backend/) and the components all read one declaration.
 */
import { z } from 'zod'

/** Every error, and many successes: a Spanish message, or the list of them. */
export const messageSchema = z.object({ message: z.union([z.string(), z.array(z.string())]) })

/** A success that only says so. */
export const okMessageSchema = z.object({ message: z.string() })
