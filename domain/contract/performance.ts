/** Response shape of the console's «Rendimiento» (decision 92): the team's review figures over a period. */
import { z } from 'zod'

export const reviewerFiguresSchema = z.object({
  /** The staff account; null for decisions whose account no longer exists. */
  id: z.number().nullable(),
  name: z.string(),
  decisions: z.number(),
  /** Decisions per day, aligned with `days`. */
  per_day: z.array(z.number()),
})
export type ReviewerFigures = z.infer<typeof reviewerFiguresSchema>

export const performanceSchema = z.object({
  /** The period in days (7 or 30). */
  period: z.number(),
  /** The period's days in Chile's calendar (yyyy-mm-dd), oldest first; the last is today. */
  days: z.array(z.string()),
  /** The start of the first day (ISO) and the service's clock. */
  from: z.string(),
  now: z.string(),
  /** Documents approved or rejected in the period. */
  decisions: z.number(),
  /** Team decisions per day, aligned with `days`. */
  per_day: z.array(z.number()),
  /** Of the decisions, those whose upload is still on record (the times below are theirs). */
  timed: z.number(),
  /** Working hours from upload to decision: the median and the 90th percentile (nearest rank); null without any. */
  median_hours: z.number().nullable(),
  p90_hours: z.number().nullable(),
  /** Decisions made within 24 working hours of the upload, and their share of `timed` (0 to 1; null without any). */
  within_24h: z.number(),
  within_24h_share: z.number().nullable(),
  /** Pending documents more than 24 working hours old now: the queue's «Atrasados». */
  late_now: z.number(),
  /** Every staff account with decisions in the period, most decisions first. */
  reviewers: z.array(reviewerFiguresSchema),
})
export type Performance = z.infer<typeof performanceSchema>
