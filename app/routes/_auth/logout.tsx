import { redirect } from 'react-router'
import { authApi } from '#app/.server/backend/auth'
import { destroySession, getSession } from '#app/.server/session'
import { setToast } from '#app/.server/toast'
import type { Route } from './+types/logout'

/** GET shows nothing: logging out is a POST from our own pages. */
export function loader() {
  return redirect('/')
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await getSession(request)
  const headers = new Headers({ 'Set-Cookie': await destroySession(request) })
  if (!session) return redirect('/', { headers })
  const res = await authApi.logout(context, session.user.role, session.token)
  // A token the backend no longer knows is as good as logged out; anything else is a failure.
  if (!res.ok && res.status !== 401) {
    const back = new URL(request.headers.get('Referer') ?? '/', request.url)
    return redirect(back.origin === new URL(request.url).origin ? back.pathname : '/', {
      headers: {
        'Set-Cookie': await setToast({
          type: 'error',
          message: 'Error al cerrar sesión, intenta nuevamente.',
          durationMs: 4000,
        }),
      },
    })
  }
  // Spec §4: a driver goes to /, a company to /login.
  return redirect(session.user.role === 'business' ? '/login' : '/', { headers })
}
