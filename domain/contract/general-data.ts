/** Response shapes of the general-data service (spec §3, §7: /general-data/*, /contact/*). */
import { z } from 'zod'

export const zoneSchema = z.object({ id_zone: z.number(), name_zone: z.string() })
export const regionOptionSchema = z.object({ id_region: z.number(), name_region: z.string(), zone_id: z.number() })
export const communeOptionSchema = z.object({ id_commune: z.number(), name_commune: z.string(), id_region: z.number() })
export const vehicleSchema = z.object({ id_vehicle: z.number(), name_vehicle: z.string() })
/** GET /general-data/get-all-datas-filters: zones and vehicles. */
export const filterDataSchema = z.object({ zones: z.array(zoneSchema), vehicles: z.array(vehicleSchema) })

export const faqSchema = z.object({ id: z.number(), question: z.string(), answers: z.array(z.string()) })
export const statisticSchema = z.object({
  id: z.number(),
  key: z.string(),
  title: z.string(),
  value: z.string(),
  description: z.string(),
})
export const testimonialSchema = z.object({
  id: z.number(),
  job_title: z.string(),
  name_business: z.string(),
  name: z.string(),
  comment: z.string(),
  logo_business: z.string().nullable(),
})
export const companyLogoSchema = z.object({ id: z.number(), img_logo: z.string(), name: z.string().nullable() })

/** Spec §3 "Job posting" as the home page lists it. */
export const homePostingSchema = z.object({
  id: z.number(),
  title: z.string(),
  logo: z.string().nullable(),
  company_name: z.string(),
  name_zone: z.string(),
  name_region: z.string(),
  name_commune: z.string(),
  name_vehicle: z.string(),
  /** The shift (schedule) name. */
  time: z.string(),
  pawn: z.enum(['Si', 'No']),
  payment: z.string(),
  /** The amount and its period apart, for the pay headline of the home cards. */
  payment_amount: z.number(),
  payment_period: z.string(),
  created_at: z.string(),
})
export type HomePosting = z.infer<typeof homePostingSchema>
