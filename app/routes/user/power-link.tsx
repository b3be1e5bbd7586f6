import { Form, Link } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { joinMessage } from '#app/.server/backend/client'
import { powerApi } from '#app/.server/backend/power'
import { env } from '#app/.server/env'
import { formAction } from '#app/.server/form-action'
import { optional } from '#app/.server/responses'
import { PowerLinkPanel } from '#app/components/driver/power-link'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { SubmitButton } from '#app/components/ui/button'
import { pagePath } from '#app/paths'
import { formatDateTime } from '#domain/format'
import type { Route } from './+types/power-link'

export const meta: Route.MetaFunction = () => [{ title: 'Crear poder simple | Panel del conductor | Fleeters' }]

const STATE_TEXT = { sent: 'Enviado', used: 'Usado', expired: 'Vencido' } as const

/** The driver's links with their state (sent, used, expired), dates formatted here (decision 43). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const res = await optional(request, await powerApi.links(context, session.token))
  if (!res) return { links: null }
  return {
    links: res.links.map((l) => ({
      id: l.id,
      state: l.state,
      label: STATE_TEXT[l.state],
      created: formatDateTime(l.created_at),
      detail:
        l.state === 'used'
          ? `Usado el ${formatDateTime(l.used_at)}`
          : l.state === 'expired'
            ? `Venció el ${formatDateTime(l.expires_at)}`
            : `Vence el ${formatDateTime(l.expires_at)}`,
    })),
  }
}

/** Issues a link (POST, from this page or the dashboard slot) and shows it: the same with or without JS. */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args
  const session = await requireSession(request, context, 'User')
  return formAction<Route.ActionArgs, { link: { url: string; expires: string } }>({
    default: async ({ reply }) => {
      const res = await powerApi.createLink(context, session.token)
      if (!res.ok)
        return reply(
          { errors: [`Ocurrió un error: ${joinMessage(res.message)}`] },
          res.status >= 500 ? 502 : res.status,
        )
      const origin = (env().config.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, '')
      return reply({ link: { url: `${origin}${res.data.path}`, expires: formatDateTime(res.data.expires_at) } })
    },
  })(args)
}

const STATE_TONE = {
  sent: 'warning',
  used: 'success',
  expired: 'neutral',
} as const

export default function PowerLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { links } = loaderData
  return (
    <main id="contenido" className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Crear poder simple</h1>
      <p className="text-slate-700">
        Si conduces un vehículo que no es tuyo, necesitas la autorización de su dueño (documento «Autorización del dueño
        del vehículo»). Puedes subir un poder firmado o crear aquí un poder simple: genera un enlace, complétalo con tus
        datos, los del vehículo y los del dueño, y el dueño lo firmará a través de WhatsApp.
      </p>
      <Alert tone="error" messages={actionData?.errors} replyId={actionData?.id} durationMs={4000} />
      {actionData?.link ? (
        <PowerLinkPanel key={actionData.id} link={actionData.link.url} expires={actionData.link.expires} />
      ) : null}
      <Form method="post">
        <SubmitButton pendingText="Generando…">
          {actionData?.link || links?.length ? 'Generar enlace nuevo' : 'Generar enlace'}
        </SubmitButton>
      </Form>
      <section aria-labelledby="mis-enlaces" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="mis-enlaces" className="text-lg font-semibold text-slate-900">
          Tus enlaces
        </h2>
        {links === null ? (
          <p className="mt-2 text-sm text-slate-700">
            No pudimos cargar tus enlaces. Intenta nuevamente en unos segundos.
          </p>
        ) : links.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Aún no generas enlaces.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-700">
              Cada enlace sirve una sola vez y vence a los 7 días. Si el dueño te dice que su enlace venció o ya fue
              usado, genera uno nuevo y envíaselo.
            </p>
            <ul className="mt-3 divide-y divide-slate-200">
              {links.map((l) => (
                <li
                  key={l.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                  data-estado={l.state}
                >
                  <span className="text-slate-800">
                    Generado el {l.created}
                    <span className="block text-slate-600">{l.detail}</span>
                  </span>
                  <Badge tone={STATE_TONE[l.state]}>{l.label}</Badge>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <Link
        to={pagePath('/user/dashboard/home')}
        className="inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        Volver a mis documentos
      </Link>
    </main>
  )
}
