import type { SubmissionResult } from '@conform-to/react'

/**
 * What a form action of the signed-in areas answers when it does not redirect (app/.server/form-action.ts
 * builds it): the intent it answers, an id new with every reply, conform's result of the intent's
 * schema, messages for the form, and whatever a route adds (`Extra`). Pages read it from their
 * `actionData` prop, typed by React Router from the action.
 */
export type ActionReply<Extra extends object = object> = {
  intent: string
  /** New with every reply: the key of its Alert, so the same message sent twice shows (and times out) again. */
  id: string
} & ReplyFields &
  Partial<Extra>

export interface ReplyFields {
  result?: SubmissionResult<string[]>
  errors?: string[]
  notice?: string
}

/** The reply when it answers `intent`, for the form that posted it. */
export function replyFor<R extends { intent: string }>(reply: R | undefined, intent: string): R | undefined {
  return reply?.intent === intent ? reply : undefined
}

/** A reply's id: random, so two replies never share one (crypto.randomUUID needs a secure context). */
export function newReplyId(): string {
  return Math.random().toString(36).slice(2)
}
