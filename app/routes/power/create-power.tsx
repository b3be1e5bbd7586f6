import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { data, redirect } from 'react-router'
import { joinMessage } from '#app/.server/backend/client'
import { deadLinkOf, powerApi, type DeadLinkState } from '#app/.server/backend/power'
import { readUpload } from '#app/.server/body-limit'
import { actionReply, formAction } from '#app/.server/form-action'
import { getSession } from '#app/.server/session'
import { DeadLinkPage, DriverPhase, OwnerPhase, SuccessModal, type Values } from '#app/components/power/power-form'
import { PageHeader } from '#app/components/public/page'
import { uploadClientAction } from '#app/components/upload/transfer'
import { pagePath } from '#app/paths'
import { formatDateTime } from '#domain/format'
import { powerDriverSchema, powerOwnerFormSchema, simplePowerFormSchema } from '#domain/validation/power'
import { OWNER_ID_IMAGE_FIELDS, POWER_DRIVER_FIELDS, vehicleYears } from '#domain/validation/power-constants'
import type { Route } from './+types/create-power'
import { openPhase1, ownerDraft, parseDraft, pick, sealPhase1, toForm } from './create-power.server'

/** Spec §8: simple-power errors stay 4 s. */
const ALERT_MS = 4000
/**
 * Two images under 3 MB each and the text; larger files are read up to here so each gets its own
 * message from the schema.
 */
const BODY_LIMIT = 16 * 1024 * 1024
const DONE_PATH = `${pagePath('/crear-poder-simple')}?estado=creado`
const CONFIRM_MESSAGE = 'Confirma que los datos son correctos para crear el poder simple.'
const TOO_LARGE = 'Ocurrió un error: Las imágenes deben pesar menos de 3MB cada una.'

export const meta: Route.MetaFunction = () => [
  { title: 'Crear poder simple | Fleeters' },
  { name: 'robots', content: 'noindex, nofollow' },
]

/**
 * Spec §2/§8: the form only with a token that verifies, has not expired and was not used. Any
 * other link gets a page that says what happened and what to do (decision 41): 410 for a used or
 * expired link, 404 for one that is not ours or is incomplete.
 */
async function checkToken(
  request: Request,
  context: Route.LoaderArgs['context'],
): Promise<{ power: string; prefill: Values } | { dead: DeadLink }> {
  const power = new URL(request.url).searchParams.get('power')
  if (!power) return { dead: { state: 'invalid', at: null } }
  const res = await powerApi.verify(context, power)
  if (!res.ok) {
    const dead = deadLinkOf(res)
    if (dead)
      return { dead: { state: dead.state, at: formatAt(dead.state === 'used' ? dead.used_at : dead.expires_at) } }
    if (res.status >= 400 && res.status < 500) return { dead: { state: 'invalid', at: null } }
    throw new Response(null, { status: 503 })
  }
  return { power, prefill: res.data.driver }
}

export interface DeadLink {
  state: DeadLinkState
  /** When it was used or expired, already formatted by the server. */
  at: string | null
}

const formatAt = (iso: string | null) => (iso ? formatDateTime(iso) : null)

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (url.searchParams.get('estado') === 'creado' && !url.searchParams.has('power')) return { view: 'done' as const }
  const checked = await checkToken(request, context)
  if ('dead' in checked) {
    const driverSignedIn = (await getSession(request))?.user.role === 'User'
    return data(
      { view: 'dead' as const, dead: checked.dead, driverSignedIn },
      { status: checked.dead.state === 'invalid' ? 404 : 410 },
    )
  }
  const { prefill } = checked
  return {
    view: 'form' as const,
    prefill,
    years: vehicleYears(new Date()),
    driverConstraint: getZodConstraint(powerDriverSchema),
    ownerConstraint: getZodConstraint(powerOwnerFormSchema),
  }
}

/** Where the form is: phase 1's values, or phase 1 sealed and summarised with the owner's draft. */
type PowerState =
  | { phase: 1; values: Values; owner: Values }
  | { phase: 2; sealed: string; driver: Values; owner: Values; confirmError: string | null }
type Extra = { power: PowerState }

/** Phase 1 as shown in phase 2's summary: the normalised values (RUT, plate) when they parse. */
function summaryOf(values: Values): Values {
  const parsed = powerDriverSchema.safeParse(values)
  if (!parsed.success) return values
  return { ...values, ...Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, String(v)])) }
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args
  const checked = await checkToken(request, context)
  if ('dead' in checked) {
    // Spent or expired meanwhile: the page (GET) says so with its status.
    const url = new URL(request.url)
    throw redirect(`${url.pathname}${url.search}`)
  }
  const { power } = checked
  const formData = await readUpload(request, {
    maxFileSize: BODY_LIMIT,
    maxFiles: OWNER_ID_IMAGE_FIELDS.length,
    maxTotalSize: BODY_LIMIT,
  })
  if (formData === 'too-large' || formData === 'invalid')
    return actionReply<Extra>(
      '',
      { power: { phase: 1, values: {}, owner: {} }, errors: [TOO_LARGE] },
      formData === 'too-large' ? 413 : 400,
    )

  // The form has no intent: its `fase` field and its buttons say what was asked.
  return formAction<Route.ActionArgs, Extra>(
    {
      default: async ({ formData: form, reply }) => {
        if (form.get('fase') !== '2') {
          // Phase 1 → 2: validated here, then carried signed (no JS needed, nothing kept in a session).
          const owner = parseDraft(form.get('_owner'))
          const values = pick(form, POWER_DRIVER_FIELDS)
          const submission = parseWithZod(form, { schema: powerDriverSchema })
          if (submission.status !== 'success')
            return reply({ power: { phase: 1, values, owner }, result: submission.reply() }, 400)
          const sealed = sealPhase1(power, values)
          return reply({ power: { phase: 2, sealed, driver: summaryOf(values), owner, confirmError: null } })
        }

        const phase1 = openPhase1(power, form.get('_phase1'))
        // 'Atrás': phase 1 exactly as it was, and the owner's text typed so far kept for later.
        if (!phase1 || form.has('atras'))
          return reply({ power: { phase: 1, values: phase1 ?? {}, owner: ownerDraft(form) } })

        // Final submission: both phases validated again, together, with the domain schema.
        const all = toForm(phase1)
        for (const [k, v] of Object.entries(ownerDraft(form))) all.set(k, v)
        for (const { name } of OWNER_ID_IMAGE_FIELDS) {
          const file = form.get(name)
          if (file instanceof File) all.set(name, file)
        }
        const submission = parseWithZod(all, { schema: simplePowerFormSchema })
        const result = submission.reply()
        const phase2 = (confirmError: string | null = null): PowerState => ({
          phase: 2,
          sealed: sealPhase1(power, phase1),
          driver: summaryOf(phase1),
          owner: ownerDraft(form),
          confirmError,
        })
        if (submission.status !== 'success') {
          const phase1Failed = Object.keys(result.error ?? {}).some((k) =>
            (POWER_DRIVER_FIELDS as readonly string[]).includes(k),
          )
          if (phase1Failed) return reply({ power: { phase: 1, values: phase1, owner: ownerDraft(form) }, result }, 400)
          return reply({ power: phase2(), result }, 400)
        }
        if (form.get('confirmar') !== '1') return reply({ power: phase2(CONFIRM_MESSAGE) }, 400)

        const res = await powerApi.create(context, power, submission.value)
        if (!res.ok && res.status === 410) {
          // Used by another submission (or expired) while this one was being filled.
          const url = new URL(request.url)
          throw redirect(`${url.pathname}${url.search}`)
        }
        if (!res.ok)
          // Spec §8: 'Ocurrio un error: {message}' for 4 s, lists joined with ', '.
          return reply(
            { power: phase2(), errors: [`Ocurrió un error: ${joinMessage(res.message)}`] },
            res.status >= 400 && res.status < 500 ? res.status : 502,
          )
        // The link is spent: the page now shows the success modal, with or without JS.
        throw redirect(DONE_PATH)
      },
    },
    { signedIn: false },
  )({ ...args, formData })
}

export default function CreatePowerPage({ loaderData, actionData }: Route.ComponentProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const state = actionData?.power
  const phase = state?.phase ?? 1
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    heading.current?.focus()
  }, [phase, actionData?.id])

  if (loaderData.view === 'dead')
    return <DeadLinkPage dead={loaderData.dead} driverSignedIn={loaderData.driverSignedIn} />
  if (loaderData.view === 'done') {
    return (
      <main id="contenido">
        <PageHeader
          title="Crear poder simple"
          intro="Autorización del dueño del vehículo para que un conductor Fleeters lo conduzca."
        />
        <SuccessModal />
      </main>
    )
  }
  return (
    <main id="contenido">
      <PageHeader
        title="Crear poder simple"
        intro={
          'Autorización del dueño del vehículo para que un conductor Fleeters lo conduzca. ' +
          'El dueño lo firmará a través de WhatsApp.'
        }
      />
      <div className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
        <section aria-labelledby="fase-titulo" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm font-medium text-brand-700">Paso {phase} de 2</p>
          <h2
            id="fase-titulo"
            ref={heading}
            tabIndex={-1}
            className="mt-1 mb-5 text-xl font-bold text-slate-900 focus:outline-none"
          >
            {phase === 1 ? 'Conductor y vehículo' : 'Dueño del vehículo'}
          </h2>
          {state?.phase === 2 ? (
            <OwnerPhase
              key={`fase-2-${actionData?.id}`}
              sealed={state.sealed}
              driver={state.driver}
              defaults={state.owner}
              result={actionData?.result}
              constraint={loaderData.ownerConstraint}
              errors={actionData?.errors}
              durationMs={ALERT_MS}
              replyId={actionData?.id}
              confirmError={state.confirmError}
            />
          ) : (
            <>
              {actionData?.errors?.length ? (
                <p
                  role="alert"
                  className="mb-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900"
                >
                  {actionData.errors.join(', ')}
                </p>
              ) : null}
              <DriverPhase
                key={`fase-1-${actionData?.id ?? 0}`}
                defaults={{ ...loaderData.prefill, ...(state?.phase === 1 ? state.values : {}) }}
                owner={state?.owner ?? {}}
                result={actionData?.result}
                constraint={loaderData.driverConstraint}
                years={loaderData.years}
              />
            </>
          )}
        </section>
      </div>
    </main>
  )
}

/** With JS, phase 2 travels through XMLHttpRequest so the ID images' progress shows. */
export function clientAction(args: Route.ClientActionArgs) {
  return uploadClientAction(args, pagePath('/crear-poder-simple/subida'))
}
