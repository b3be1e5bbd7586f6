/** Job postings as the services answer them (users and business services; spec §3 "Job posting"). */
import { z } from 'zod'
import { APPLICATION_STATUSES, POSTING_STATUSES } from '#domain/validation/marketplace'

export const jobPostingSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  company_name: z.string(),
  /** The console verified the company: drivers see a «Verificada» badge. */
  company_verified: z.boolean(),
  id_zone: z.number(),
  name_zone: z.string(),
  id_region: z.number(),
  name_region: z.string(),
  id_commune: z.number(),
  name_commune: z.string(),
  id_vehicle: z.number(),
  name_vehicle: z.string(),
  id_capacity: z.number().nullable(),
  capacity: z.string().nullable(),
  id_schedule: z.number(),
  /** The shift name (spec §3 `time`). */
  time: z.string(),
  start_date: z.string(),
  pawn: z.enum(['Si', 'No']),
  payment: z.string(),
  payment_amount: z.number(),
  payment_period: z.string(),
  drivers_needed: z.number(),
  status: z.enum(POSTING_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
})
export type JobPostingDto = z.infer<typeof jobPostingSchema>

/** A posting as a driver sees it: with their application and save. */
export const driverPostingSchema = jobPostingSchema.extend({
  applied: z.boolean(),
  application_status: z.enum(APPLICATION_STATUSES).nullable(),
  applied_at: z.string().nullable(),
  saved: z.boolean(),
})
export type DriverPostingDto = z.infer<typeof driverPostingSchema>

export const driverPostingsPageSchema = z.object({
  jobPostings: z.array(driverPostingSchema),
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
})
export type PostingsPage = z.infer<typeof driverPostingsPageSchema>

/**
 * «Publicaciones para ti»: a few open postings for the driver's vehicles and
 * places, and what they were matched on (vehicle and commune names; both empty when nothing is
 * known of the driver yet).
 */
export const postingsForYouSchema = z.object({
  jobPostings: z.array(driverPostingSchema),
  vehicles: z.array(z.object({ id_vehicle: z.number(), name_vehicle: z.string() })),
  communes: z.array(z.object({ id_commune: z.number(), name_commune: z.string(), id_region: z.number() })),
  /**
   * Where those came from: what the driver stated in «Mi perfil» (vehicle type, commune), their
   * applications and saves, the commune of their profile address, or the profile and one of the others.
   */
  source: z.enum(['profile', 'profile_activity', 'profile_address', 'activity', 'address']).nullable(),
})
export type PostingsForYou = z.infer<typeof postingsForYouSchema>
