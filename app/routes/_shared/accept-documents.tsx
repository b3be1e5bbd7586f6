import { Form } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { consentsApi, type ConsentRole } from '#app/.server/backend/consents'
import { afterAcceptancePath, pendingDocumentsFor } from '#app/.server/consents'
import { formAction, withSchema } from '#app/.server/form-action'
import { redirectWithToast, serviceMessages } from '#app/.server/responses'
import { Alert } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { formatDate } from '#domain/format'
import { consentAcceptanceSchema } from '#domain/validation/consent'
import { ACCEPT_TERMS_MESSAGE } from '#domain/validation/submission'
import type { Route } from './+types/accept-documents'

/**
 * The acceptance step of a new version of the Términos y condiciones or the Política de privacidad
 * (decision 74), in the driver's and the company's areas (one module, two routes): the area's
 * layout sends here whoever has not accepted the version in force, and «Aceptar» records it and
 * goes back to where they were going. A plain form: the same with JS and without.
 */
const roleOf = (request: Request): ConsentRole =>
  new URL(request.url).pathname.startsWith('/business/') ? 'business' : 'User'

const FAILURE = 'No pudimos registrar tu aceptación. Intenta nuevamente.'

export const meta: Route.MetaFunction = () => [{ title: 'Actualizamos nuestros documentos | Fleeters' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const role = roleOf(request)
  const session = await requireSession(request, context, role)
  const pending = await pendingDocumentsFor(request, context, role, session.token)
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  // Nothing pending (accepted in another tab, or the address typed): straight on.
  if (!pending.length)
    return redirectWithToast(afterAcceptancePath(role, redirectTo), {
      type: 'info',
      message: 'Ya aceptaste las versiones vigentes.',
    })
  return { pending, redirectTo }
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args
  const role = roleOf(request)
  const session = await requireSession(request, context, role)
  return formAction<Route.ActionArgs>({
    default: withSchema(
      consentAcceptanceSchema,
      async ({ formData, value, fail }) => {
        // The person's yes; which versions count is the service's to say.
        const res = await consentsApi.accept(context, role, session.token, value)
        if (!res.ok) return fail(res, { errors: serviceMessages(res, FAILURE) })
        return redirectWithToast(afterAcceptancePath(role, formData.get('redirectTo')), {
          type: 'success',
          message: res.data.message,
        })
      },
      { invalid: async ({ reply }) => reply({ errors: [ACCEPT_TERMS_MESSAGE] }, 400) },
    ),
  })(args)
}

/** «Actualizamos nuestra Política de privacidad», or the terms, or both: what is pending, by name. */
function headingFor(titles: string[]): string {
  const named = titles.map((t) => (t === 'Política de privacidad' ? `nuestra ${t}` : `nuestros ${t}`))
  return `Actualizamos ${named.join(' y ')}`
}

export default function AcceptDocumentsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, redirectTo } = loaderData
  const one = pending.length === 1
  return (
    <main
      id="contenido"
      aria-labelledby="aceptar-titulo"
      className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h1 id="aceptar-titulo" className="text-2xl font-bold text-slate-900">
        {headingFor(pending.map((d) => d.title))}
      </h1>
      <p className="mt-2 leading-relaxed text-slate-700">
        Para seguir usando Fleeters, revisa {one ? 'el cambio' : 'los cambios'} y {one ? 'acéptalo' : 'acéptalos'}. Te
        lo pedimos una sola vez.
      </p>
      <ul className="mt-6 space-y-4">
        {pending.map((d) => (
          <li key={d.document} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="font-semibold text-slate-900">
              <a href={d.path} target="_blank" rel="noopener" className="text-brand-700 underline">
                {d.title}
              </a>
            </p>
            <p className="mt-1 text-sm text-slate-600">
              Versión {d.version}, vigente desde el {formatDate(d.publishedOn, 'long')}
            </p>
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-700">{d.changes}</p>
          </li>
        ))}
      </ul>
      {actionData?.errors ? (
        <Alert tone="error" messages={actionData.errors} replyId={actionData.id} focus className="mt-6" />
      ) : null}
      <Form method="post" className="mt-6">
        <input type="hidden" name="acceptTerms" value="on" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <p className="mb-4 text-[0.9375rem] text-slate-700">
          Al presionar «Aceptar» confirmas que leíste y aceptas {one ? 'esta versión' : 'estas versiones'}. Guardamos la
          fecha y la versión que aceptas.
        </p>
        <SubmitButton className="w-full px-6 text-base sm:w-auto" pendingText="Registrando…">
          Aceptar
        </SubmitButton>
      </Form>
      <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">
        Si no estás de acuerdo, puedes cerrar tu sesión y pedirnos que cerremos tu cuenta en{' '}
        <a href="/ayuda" className="font-medium text-brand-700 underline">
          Consultas y reclamos
        </a>
        .
      </p>
    </main>
  )
}
