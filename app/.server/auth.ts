import { redirect, type AppLoadContext } from 'react-router'
import { pagePath } from '#app/paths'
import { authApi, type SessionPayload } from './backend/auth'
import { writesSent } from './backend/client'
import { loginUrlFor, returnPathOf, safeRedirectPath } from './safe-redirect'
import {
  commitSession,
  destroySession,
  getSession,
  hasSessionCookie,
  type SessionUser,
  type WebSession,
} from './session'
import { setToast } from './toast'

type Role = SessionUser['role']

export function homeFor(role: Role): string {
  return role === 'User' ? '/user/dashboard/home' : role === 'business' ? '/business/dashboard' : '/admin'
}

/** Where a login goes: the page it was asked to come back to when that is a path of this site, else the role's home. */
export function afterLoginPath(role: Role, redirectTo: unknown): string {
  return safeRedirectPath(redirectTo) ?? homeFor(role)
}

/** The second-factor step (enrol or type a code), coming back to `redirectTo` afterwards. */
export const SECOND_FACTOR_PATH = pagePath('/login/verificacion')
export function secondFactorUrl(redirectTo: string | null | undefined): string {
  const safe = safeRedirectPath(redirectTo)
  return safe ? `${SECOND_FACTOR_PATH}?${new URLSearchParams({ redirectTo: safe })}` : SECOND_FACTOR_PATH
}

/** What the login page says to whoever a guard sent there. */
export const LOGIN_NEEDED_MESSAGE = 'Inicia sesión para continuar'
const LOGIN_NEEDED_MS = 6000

/** What a person reads on their own home after opening another role's area. */
export const WRONG_AREA_MESSAGE: Record<Exclude<Role, 'admin'>, string> = {
  User: 'Esa sección es para conductores',
  business: 'Esa sección es para empresas',
}
const WRONG_AREA_MS = 5000

export function userFromPayload(p: SessionPayload): SessionUser {
  return {
    role: p.role,
    email: p.email,
    firstname: p.firstname,
    lastname: p.lastname,
    rut: p.rut,
    phone: p.phone,
    address: p.address,
    about_me: p.about_me,
    img_profile: p.img_profile,
    email_verified: p.security_user.email_verified,
  }
}

/** Logging in as one role replaces whatever session was there (one session at a time). */
export function startWebSession(request: Request, payload: SessionPayload): Promise<string> {
  return commitSession(request, payload.token_jwt, userFromPayload(payload))
}

/**
 * No session, or one the service refused: `/login?redirectTo=<this page>` with «Inicia sesión
 * para continuar», and the cookie cleared. (An HTTP redirect: it replaces history.)
 */
export async function loginRedirect(request: Request): Promise<Response> {
  const headers = new Headers()
  if (hasSessionCookie(request)) headers.append('Set-Cookie', await destroySession(request))
  headers.append(
    'Set-Cookie',
    await setToast({ type: 'info', message: LOGIN_NEEDED_MESSAGE, durationMs: LOGIN_NEEDED_MS }),
  )
  return redirect(loginUrlFor(returnPathOf(request)), { headers })
}

/** A service call refused the token (revoked or expired since the guard asked): to the login. */
export async function signOutIfRefused(request: Request, status: number): Promise<void> {
  if (status === 401 || status === 403) throw await loginRedirect(request)
}

type SessionAnswer =
  { session: null; res?: undefined } | { session: WebSession; res: Awaited<ReturnType<typeof authApi.session>> }

/**
 * A page's layout and its own loader both guard the same request: the cookie is read and the
 * service asked once for them (the request's context is theirs alone). After a write sent by
 * the same request (an action's), the loaders that follow ask again and see what it changed.
 */
const answers = new WeakMap<AppLoadContext, { cookie: string | null; writes: number; answer: Promise<SessionAnswer> }>()

function askOnce(request: Request, context: AppLoadContext): Promise<SessionAnswer> {
  const cookie = request.headers.get('cookie')
  const writes = writesSent(context)
  const kept = answers.get(context)
  if (kept && kept.cookie === cookie && kept.writes === writes) return kept.answer
  const answer = getSession(request).then(async (session): Promise<SessionAnswer> =>
    session ? { session, res: await authApi.session(context, session.user.role, session.token) } : { session: null },
  )
  answers.set(context, { cookie, writes, answer })
  return answer
}

/**
 * The guard of every protected page and action (spec §6). The cookie only says which session to
 * ask about: the users service says whether it is still live and whose it is.
 *
 * - No session, or one the service no longer accepts (logged out, expired, reset password):
 *   to the login, which brings the person back here afterwards.
 * - A live session of another role: kept; a driver or a company goes to their own home with a
 *   message; the console sends other roles to `/` (decision 23).
 * - The service unreachable: 503, never a guess from the cookie.
 *
 * The session returned carries the user as the service has it now, not as the cookie froze it.
 */
export async function requireSession(request: Request, context: AppLoadContext, role: Role): Promise<WebSession> {
  const { session, res } = await askOnce(request, context)
  if (!session) throw await loginRedirect(request)
  if (!res.ok) {
    if (res.status === 401 || res.status === 403) throw await loginRedirect(request)
    throw new Response('El servicio no está disponible en este momento. Intenta nuevamente en unos segundos.', {
      status: 503,
      headers: { 'Retry-After': '5' },
    })
  }
  const user: SessionUser = { ...session.user, ...res.data }
  if (!user.email) throw await loginRedirect(request)
  // A session that still waits for its second factor (decision 77) goes to that step first.
  if (user.role === role && user.second_factor && user.second_factor !== 'ok')
    throw redirect(secondFactorUrl(returnPathOf(request)))
  if (user.role !== role) {
    if (role === 'admin') throw redirect('/')
    throw redirect(homeFor(user.role), {
      headers: {
        'Set-Cookie': await setToast({ type: 'info', message: WRONG_AREA_MESSAGE[role], durationMs: WRONG_AREA_MS }),
      },
    })
  }
  return { ...session, user }
}
