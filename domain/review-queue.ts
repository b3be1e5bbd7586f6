/** The review queue's rules both halves read; no zod, so the console's client code can import it. */

/**
 * A driver filter counts each part of the queue up to this many (decision 117): a count of
 * QUEUE_COUNT_CAP + 1 means more than QUEUE_COUNT_CAP, «más de 1.000».
 */
export const QUEUE_COUNT_CAP = 1000
