import { data, Form, Link, useActionData } from 'react-router'
import { requireSession } from '../../.server/auth'
import { joinMessage } from '../../.server/backend/client'
import { powerApi } from '../../.server/backend/power'
import { env } from '../../.server/env'
import { FormMessages } from '../../components/driver/fields'
import { PowerLinkPanel } from '../../components/driver/power-link'
import { HOME_PATH } from '../../components/driver/urls'
import { SubmitButton } from '../../components/forms'
import { signOutIfRefused } from './driver.server'
import type { Route } from './+types/power-link'

export const meta: Route.MetaFunction = () => [{ title: 'Crear poder simple | Panel del conductor | Fleeters' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSession(request, context, 'User')
  return null
}

/** Issues a link (POST, from this page or the dashboard slot) and shows it: the same with or without JS. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSession(request, context, 'User')
  const res = await powerApi.createLink(context, session.token)
  if (!res.ok) {
    await signOutIfRefused(request, res.status)
    return data({ errors: [`Ocurrió un error: ${joinMessage(res.message)}`], stamp: Date.now(), link: null }, { status: res.status >= 500 ? 502 : res.status })
  }
  const origin = (env().config.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, '')
  return { errors: null, stamp: Date.now(), link: { url: `${origin}${res.data.path}`, expires: new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Santiago' }).format(new Date(res.data.expires_at)) } }
}

export default function PowerLinkPage() {
  const actionData = useActionData<typeof action>()
  return (
    <main id="contenido" className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Crear poder simple</h1>
      <p className="text-slate-700">
        Si conduces un vehículo que no es tuyo, necesitas la autorización de su dueño (documento «Autorización del dueño del vehículo»). Puedes subir un poder firmado
        o crear aquí un poder simple: genera un enlace, complétalo con tus datos, los del vehículo y los del dueño, y el dueño lo firmará a través de WhatsApp.
      </p>
      <FormMessages messages={actionData?.errors} stamp={actionData?.stamp} durationMs={4000} />
      {actionData?.link ? (
        <PowerLinkPanel key={actionData.stamp} link={actionData.link.url} expires={actionData.link.expires} />
      ) : (
        <Form method="post">
          <SubmitButton pendingText="Generando…">Generar enlace</SubmitButton>
        </Form>
      )}
      <Link to={HOME_PATH} className="inline-block font-semibold text-brand-700 underline-offset-2 hover:underline">
        Volver a mis documentos
      </Link>
    </main>
  )
}
