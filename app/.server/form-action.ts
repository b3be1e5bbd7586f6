import type { Submission, SubmissionResult } from '@conform-to/react'
import { data, type AppLoadContext } from 'react-router'
import type { z } from 'zod'
import { newReplyId, type ActionReply, type ReplyFields } from '#app/components/action-reply'
import { loginRedirect } from './auth'
import { parseForm } from './checked-forms'
import { redirectWithToast } from './responses'
import type { Toast } from './toast'

/**
 * One shape for the form actions of the signed-in areas. A route declares its intents (the form's
 * `intent` field), each a handler, or a conform schema and a handler that gets the parsed value; the
 * helper reads the form, runs the intent, answers an invalid form with
 * conform's reply (400) and an unknown intent with «Acción no válida.», gives every reply a fresh id,
 * and turns a service's refusal of the session (401/403: the token expired or was revoked since the
 * guard asked) into the login redirect — in this module only, never at each call.
 */

type Body<Extra extends object> = ReplyFields & Partial<Extra> & { intent?: string }
export type Reply<Extra extends object = object> = ReturnType<typeof data<ActionReply<Extra>>>
type Answer<Extra extends object> = Reply<Extra> | Response

/** A service answer's status that means the session is no longer accepted. */
const sessionRefused = (status: number) => status === 401 || status === 403

export interface Tools<Extra extends object> {
  formData: FormData
  intent: string
  /** The reply shown next to the form (200 unless told). */
  reply(body?: Body<Extra>, status?: number): Reply<Extra>
  /** A refused service call, shown next to the form with the service's status. */
  fail(res: { status: number }, body: Body<Extra>): Reply<Extra>
  /** A refused service call, told by a toast on the page `to`. */
  failTo(res: { status: number }, to: string, toast: Omit<Toast, 'durationMs'>): Promise<never>
}

type Base = { request: Request; context: AppLoadContext }
type Handler<Args, Extra extends object, More = object> = (a: Args & Tools<Extra> & More) => Promise<Answer<Extra>>

interface Intent<Args, Extra extends object> {
  run(a: Args & Tools<Extra>): Promise<Answer<Extra>>
  /** Fields merged into every reply of the intent (the profile form's place lists). */
  extras?: (a: Args & Tools<Extra>) => Promise<Partial<Extra>>
}

/**
 * An intent whose form is parsed with `schema` first; an invalid one gets conform's reply (400), or
 * what `invalid` answers (a form without conform's fields: its messages in a list, or a toast).
 */
export function withSchema<Args, Extra extends object, S extends z.ZodType>(
  schema: S,
  handle: Handler<Args, Extra, { value: z.output<S>; submission: SchemaSubmission<S> }>,
  options: { hideFields?: string[]; invalid?: Handler<Args, Extra, { result: SubmissionResult<string[]> }> } = {},
): (a: Args & Tools<Extra>) => Promise<Answer<Extra>> {
  return async (a) => {
    const submission = parseForm(a.formData, schema)
    if (submission.status !== 'success') {
      const result = submission.reply({ hideFields: options.hideFields })
      return options.invalid ? options.invalid({ ...a, result }) : a.reply({ result } as Body<Extra>, 400)
    }
    return handle({ ...a, value: submission.value, submission })
  }
}
type SchemaSubmission<S extends z.ZodType> = Extract<
  Submission<z.input<S>, string[], z.output<S>>,
  { status: 'success' }
>

/** One reply, for the answers a route gives outside its intents (an upload refused before parsing). */
export function actionReply<Extra extends object = object>(
  intent: string,
  body: Body<Extra> = {},
  status = 200,
): Reply<Extra> {
  return data({ intent, ...body, id: newReplyId() } as ActionReply<Extra>, { status })
}

function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status
  const init = (answer as { init?: ResponseInit | null } | null)?.init
  return init?.status ?? 200
}

/**
 * The action of a route: `intents` by name. `Args` is what the route passes (the request, the
 * context, and its guard's session); `formData` may come read already (an upload). A public form
 * (`signedIn: false`, the owner's simple power) has no session to end: a 401/403 is an answer it shows.
 */
export function formAction<Args extends Base, Extra extends object = object>(
  intents: Record<string, Intent<Args, Extra>['run'] | Intent<Args, Extra>>,
  { signedIn = true }: { signedIn?: boolean } = {},
) {
  const refused = (status: number) => signedIn && sessionRefused(status)
  return async (args: Args & { formData?: FormData }): Promise<Answer<Extra>> => {
    const formData = args.formData ?? (await args.request.formData())
    const posted = formData.get('intent')
    const intent = String(posted ?? '')
    const tools: Tools<Extra> = {
      formData,
      intent,
      reply: (body = {}, status = 200) => actionReply(intent, body, status),
      fail: (res, body) => actionReply(intent, body, res.status),
      failTo: async (res, to, toast) => {
        if (refused(res.status)) throw await loginRedirect(args.request)
        return redirectWithToast(to, toast)
      },
    }
    const a = { ...args, ...tools }
    // A form without an intent field runs `default` (remix-utils' namedAction reads forms the same way).
    const name = posted === null ? 'default' : intent
    const def = Object.hasOwn(intents, name) ? intents[name] : undefined
    const answer = !def
      ? tools.reply({ errors: ['Acción no válida.'] } as Body<Extra>, 400)
      : typeof def === 'function'
        ? await def(a)
        : await def.run(a)
    const extras = def && typeof def !== 'function' ? def.extras : undefined
    if (refused(statusOf(answer))) throw await loginRedirect(args.request)
    if (extras && !(answer instanceof Response)) Object.assign(answer.data, await extras(a))
    return answer
  }
}
