import { DOCUMENT_SLOT_KEYS } from '#domain/reference-data/documents'
import {
  ADMIN_MESSAGES,
  CLOSE_REASON_MAX,
  isAllowedLogoUrl,
  FAQ_PARAGRAPH_MAX,
  FAQ_PARAGRAPHS_MAX,
  FAQ_QUESTION_MAX,
  REJECTION_REASON_MAX,
  SHORT_TEXT_MAX,
  STATISTIC_DESCRIPTION_MAX,
  STATISTIC_VALUE_MAX,
  TESTIMONIAL_COMMENT_MAX,
} from './admin-constants'
import { EXPIRY_MESSAGES } from './documents'
import {
  boundedString,
  CAMPO_REQUERIDO,
  formObject,
  INVALID_VALUE,
  maxChars,
  optionalString,
  plainText,
  requiredString,
} from './fields'
import * as z from './zod'

export * from './admin-constants'

/** Approve, or reject with a reason (required, up to 300 characters). */
export const reviewDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    // expires_on ('yyyy-mm-dd'): the reviewer's confirmation or correction of a document's expiry date,
    // checked by the service.
    formObject({
      decision: z.literal('ACCEPTED'),
      expires_on: z.optional(
        plainText(EXPIRY_MESSAGES.invalid).check(z.trim(), z.maxLength(10, EXPIRY_MESSAGES.invalid)),
      ),
    }),
    formObject({
      decision: z.literal('REJECTED'),
      reason: boundedString(ADMIN_MESSAGES.reasonRequired, 1, REJECTION_REASON_MAX),
    }),
  ],
  { error: INVALID_VALUE },
)
export type ReviewDecision = z.output<typeof reviewDecisionSchema>

/** Closing a posting on the company's behalf: the reason is required and mailed to the company. */
export const postingCloseSchema = formObject({
  reason: boundedString(ADMIN_MESSAGES.closeReasonRequired, 1, CLOSE_REASON_MAX),
})
export type PostingClose = z.output<typeof postingCloseSchema>

/** A queued upload is the slot's first, or a re-upload (the driver had a file there before). */
export const QUEUE_ORIGINS = ['first', 'reupload'] as const
export type QueueOrigin = (typeof QUEUE_ORIGINS)[number]
/** «Con alertas»: photos the checks flagged (domain/photo-quality.ts). */
export const QUEUE_ALERTS = ['flagged'] as const

/**
 * Where a queued document stands on the review clock (decision 100): past its due time, due by
 * today's 24:00, or due later. The queue's counts link to each.
 */
export const QUEUE_DUES = ['late', 'today', 'on_time'] as const
export type QueueDue = (typeof QUEUE_DUES)[number]

export const documentQueueQuerySchema = z.object({
  slot: z.catch(z.optional(z.enum(DOCUMENT_SLOT_KEYS)), undefined),
  origin: z.catch(z.optional(z.enum(QUEUE_ORIGINS)), undefined),
  due: z.catch(z.optional(z.enum(QUEUE_DUES)), undefined),
  driver: z.catch(z.optional(plainText().check(z.trim(), z.maxLength(100))), undefined),
  alerts: z.catch(z.optional(z.enum(QUEUE_ALERTS)), undefined),
})

export const faqSchema = formObject({
  question: boundedString(CAMPO_REQUERIDO, 1, FAQ_QUESTION_MAX),
  answers: z
    .array(
      plainText(INVALID_VALUE)
        .check(z.trim())
        .check(z.minLength(1, CAMPO_REQUERIDO))
        .check(z.maxLength(FAQ_PARAGRAPH_MAX, maxChars(FAQ_PARAGRAPH_MAX))),
      { error: CAMPO_REQUERIDO },
    )
    .check(z.minLength(1, CAMPO_REQUERIDO))
    .check(z.maxLength(FAQ_PARAGRAPHS_MAX, `Máximo ${FAQ_PARAGRAPHS_MAX} párrafos`)),
})
export type FaqInput = z.output<typeof faqSchema>

export const testimonialSchema = formObject({
  name: boundedString(CAMPO_REQUERIDO, 1, SHORT_TEXT_MAX),
  job_title: boundedString(CAMPO_REQUERIDO, 1, SHORT_TEXT_MAX),
  name_business: boundedString(CAMPO_REQUERIDO, 1, SHORT_TEXT_MAX),
  comment: boundedString(CAMPO_REQUERIDO, 1, TESTIMONIAL_COMMENT_MAX),
  /** One of the site's partner images or a logo uploaded in the console; '' for none. */
  logo_business: optionalString(300).check(
    z.refine(
      isAllowedLogoUrl,
      'Ingresa una ruta del sitio, como /images/partners/logo.svg, o un logo subido en la consola',
    ),
  ),
})
export type TestimonialInput = z.output<typeof testimonialSchema>

export const statisticSchema = formObject({
  title: boundedString(CAMPO_REQUERIDO, 1, SHORT_TEXT_MAX),
  value: boundedString(CAMPO_REQUERIDO, 1, STATISTIC_VALUE_MAX),
  description: boundedString(CAMPO_REQUERIDO, 1, STATISTIC_DESCRIPTION_MAX),
  source: z._default(z.enum(['manual', 'validated_drivers'], { error: INVALID_VALUE }), 'manual'),
})
export type StatisticInput = z.output<typeof statisticSchema>

export const partnerLogoNameSchema = formObject({ name: boundedString(CAMPO_REQUERIDO, 1, SHORT_TEXT_MAX) })

export const moveSchema = formObject({ direction: z.enum(['up', 'down'], { error: INVALID_VALUE }) })

export const companyVerificationSchema = formObject({ verified: z.boolean({ error: INVALID_VALUE }) })

/** `npm run admin:create -- --email … --name …` */
export const adminAccountSchema = formObject({
  email: z.pipe(requiredString(CAMPO_REQUERIDO).check(z.toLowerCase()), z.email('Correo electrónico inválido')),
  name: boundedString(CAMPO_REQUERIDO, 1, SHORT_TEXT_MAX),
  /** The console role (decision 77); omitted: an existing account keeps its own, a new one is revisor. */
  role: z.optional(z.enum(['revisor', 'administrador'], 'El rol debe ser revisor o administrador')),
})
