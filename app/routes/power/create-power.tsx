import type { SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { data, redirect, useActionData, useLoaderData } from 'react-router'
import { joinMessage } from '#app/.server/backend/client'
import { deadLinkOf, powerApi, type DeadLinkState } from '#app/.server/backend/power'
import { readUpload } from '#app/.server/body-limit'
import { getSession } from '#app/.server/session'
import { DeadLinkPage, DriverPhase, OwnerPhase, SuccessModal, type Values } from '#app/components/power/power-form'
import { PageHeader } from '#app/components/public/page'
import { type FormOutcome } from '#app/components/ui/alert'
import { uploadClientAction } from '#app/components/upload/transfer'
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
const DONE_PATH = '/crear-poder-simple?estado=creado'
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

export type PowerState =
  | {
      phase: 1
      values: Values
      owner: Values
      result: SubmissionResult<string[]> | null
      outcome: FormOutcome | null
      stamp: number
    }
  | {
      phase: 2
      sealed: string
      driver: Values
      owner: Values
      result: SubmissionResult<string[]> | null
      outcome: FormOutcome | null
      confirmError: string | null
      stamp: number
    }

const errorOutcome = (message: string): FormOutcome => ({
  type: 'error',
  messages: [message],
  durationMs: ALERT_MS,
  stamp: Date.now(),
})

/** Phase 1 as shown in phase 2's summary: the normalised values (RUT, plate) when they parse. */
function summaryOf(values: Values): Values {
  const parsed = powerDriverSchema.safeParse(values)
  if (!parsed.success) return values
  return { ...values, ...Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, String(v)])) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const checked = await checkToken(request, context)
  if ('dead' in checked) {
    // Spent or expired meanwhile: the page (GET) says so with its status.
    const url = new URL(request.url)
    throw redirect(`${url.pathname}${url.search}`)
  }
  const { power } = checked
  const form = await readUpload(request, {
    maxFileSize: BODY_LIMIT,
    maxFiles: OWNER_ID_IMAGE_FIELDS.length,
    maxTotalSize: BODY_LIMIT,
  })
  if (form === 'too-large' || form === 'invalid') {
    const state: PowerState = {
      phase: 1,
      values: {},
      owner: {},
      result: null,
      outcome: errorOutcome(TOO_LARGE),
      stamp: Date.now(),
    }
    return data(state, { status: form === 'too-large' ? 413 : 400 })
  }

  if (form.get('fase') !== '2') {
    // Phase 1 → 2: validated here, then carried signed (no JS needed, nothing kept in a session).
    const owner = parseDraft(form.get('_owner'))
    const submission = parseWithZod(form, { schema: powerDriverSchema })
    if (submission.status !== 'success') {
      const state: PowerState = {
        phase: 1,
        values: pick(form, POWER_DRIVER_FIELDS),
        owner,
        result: submission.reply(),
        outcome: null,
        stamp: Date.now(),
      }
      return data(state, { status: 400 })
    }
    const values = pick(form, POWER_DRIVER_FIELDS)
    const state: PowerState = {
      phase: 2,
      sealed: sealPhase1(power, values),
      driver: summaryOf(values),
      owner,
      result: null,
      outcome: null,
      confirmError: null,
      stamp: Date.now(),
    }
    return state
  }

  const phase1 = openPhase1(power, form.get('_phase1'))
  if (!phase1 || form.has('atras')) {
    // 'Atrás': phase 1 exactly as it was, and the owner's text typed so far kept for later.
    const state: PowerState = {
      phase: 1,
      values: phase1 ?? {},
      owner: ownerDraft(form),
      result: null,
      outcome: null,
      stamp: Date.now(),
    }
    return state
  }

  // Final submission: both phases validated again, together, with the domain schema.
  const all = toForm(phase1)
  for (const [k, v] of Object.entries(ownerDraft(form))) all.set(k, v)
  for (const { name } of OWNER_ID_IMAGE_FIELDS) {
    const file = form.get(name)
    if (file instanceof File) all.set(name, file)
  }
  const submission = parseWithZod(all, { schema: simplePowerFormSchema })
  const reply = submission.reply()
  const sealed = sealPhase1(power, phase1)
  const phase2 = (extra: Partial<Extract<PowerState, { phase: 2 }>>): PowerState => ({
    phase: 2,
    sealed,
    driver: summaryOf(phase1),
    owner: ownerDraft(form),
    result: null,
    outcome: null,
    confirmError: null,
    stamp: Date.now(),
    ...extra,
  })
  if (submission.status !== 'success') {
    const phase1Failed = Object.keys(reply.error ?? {}).some((k) =>
      (POWER_DRIVER_FIELDS as readonly string[]).includes(k),
    )
    if (phase1Failed)
      return data(
        {
          phase: 1,
          values: phase1,
          owner: ownerDraft(form),
          result: reply,
          outcome: null,
          stamp: Date.now(),
        } satisfies PowerState,
        { status: 400 },
      )
    return data(phase2({ result: reply }), { status: 400 })
  }
  if (form.get('confirmar') !== '1') return data(phase2({ confirmError: CONFIRM_MESSAGE }), { status: 400 })

  const res = await powerApi.create(context, power, submission.value)
  if (!res.ok && res.status === 410) {
    // Used by another submission (or expired) while this one was being filled.
    const url = new URL(request.url)
    throw redirect(`${url.pathname}${url.search}`)
  }
  if (!res.ok) {
    // Spec §8: 'Ocurrio un error: {message}' for 4 s, lists joined with ', '.
    return data(phase2({ outcome: errorOutcome(`Ocurrió un error: ${joinMessage(res.message)}`) }), {
      status: res.status >= 400 && res.status < 500 ? res.status : 502,
    })
  }
  // The link is spent: the page now shows the success modal, with or without JS.
  throw redirect(DONE_PATH)
}

export default function CreatePowerPage() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PowerState | undefined
  const heading = useRef<HTMLHeadingElement>(null)
  const phase = actionData?.phase ?? 1
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    heading.current?.focus()
  }, [phase, actionData?.stamp])

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
          {actionData?.phase === 2 ? (
            <OwnerPhase
              key={`fase-2-${actionData.stamp}`}
              sealed={actionData.sealed}
              driver={actionData.driver}
              defaults={actionData.owner}
              result={actionData.result}
              constraint={loaderData.ownerConstraint}
              outcome={actionData.outcome}
              confirmError={actionData.confirmError}
            />
          ) : (
            <>
              {actionData?.outcome ? (
                <p
                  role="alert"
                  className="mb-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900"
                >
                  {actionData.outcome.messages.join(', ')}
                </p>
              ) : null}
              <DriverPhase
                key={`fase-1-${actionData?.stamp ?? 0}`}
                defaults={{ ...loaderData.prefill, ...(actionData?.values ?? {}) }}
                owner={actionData?.owner ?? {}}
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
export const clientAction = uploadClientAction
