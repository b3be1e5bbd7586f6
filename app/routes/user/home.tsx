import { redirect, useLoaderData } from 'react-router'
import { requireSession } from '../../.server/auth'
import { authApi } from '../../.server/backend/auth'
import { destroySession } from '../../.server/session'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [{ title: 'Inicio | Panel del conductor | Fleeters' }]

const REQUIRED_DOCUMENTS = 22

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, 'User')
  const res = await authApi.successLogin(context, session.token)
  if (!res.ok) {
    // Revoked or expired on the server: the cookie goes too.
    if (res.status === 401 || res.status === 403) throw redirect('/', { headers: { 'Set-Cookie': await destroySession(request) } })
    throw new Response(null, { status: 503 })
  }
  return { firstname: res.data.firstname, uploaded: res.data.files.filesUpload, verified: res.data.files.files_verification, emailVerified: res.data.security_user.email_verified }
}

export default function DriverHome() {
  const { firstname, uploaded, verified } = useLoaderData<typeof loader>()
  const pct = Math.round((Math.min(uploaded, REQUIRED_DOCUMENTS) / REQUIRED_DOCUMENTS) * 100)
  return (
    <main id="contenido" className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">¡Hola, {firstname}!</h1>
      <section aria-labelledby="progreso" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="progreso" className="text-lg font-semibold text-slate-900">Tus documentos</h2>
        <p className="mt-1 text-slate-700">
          Has cargado {Math.min(uploaded, REQUIRED_DOCUMENTS)}/{REQUIRED_DOCUMENTS} documentos; {verified} ya fueron aprobados.
        </p>
        <div className="mt-3 h-3 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Documentos cargados" aria-valuemin={0} aria-valuemax={REQUIRED_DOCUMENTS} aria-valuenow={Math.min(uploaded, REQUIRED_DOCUMENTS)}>
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
        </div>
      </section>
    </main>
  )
}
