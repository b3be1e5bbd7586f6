/** The console's «Rendimiento» (decision 92): which period the figures cover. */
import * as z from './zod'

/** The periods the page offers, in days; the first is the default. */
export const PERFORMANCE_PERIODS = ['7', '30'] as const
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number]

export const PERFORMANCE_MESSAGES = { period: 'El periodo debe ser de 7 o 30 días.' } as const

/** GET /admin/performance?dias=7|30 (none: 7). */
export const performanceQuerySchema = z.object({
  dias: z._default(z.enum(PERFORMANCE_PERIODS, PERFORMANCE_MESSAGES.period), '7'),
})
