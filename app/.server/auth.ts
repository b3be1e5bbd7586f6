import { redirect } from 'react-router'
import type { SessionPayload } from './backend/auth'
import { commitSession, destroySession, getSession, hasSessionCookie, type SessionUser, type WebSession } from './session'

export function homeFor(role: SessionUser['role']): string {
  return role === 'User' ? '/user/dashboard/home' : role === 'business' ? '/business/dashboard' : '/admin'
}

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
 * Spec §6 guard: a live session of `role` whose user has an email; otherwise back to `/`,
 * clearing a stale cookie. (The redirect replaces history: it is an HTTP redirect.)
 */
export async function requireSession(request: Request, role: SessionUser['role']): Promise<WebSession> {
  const session = await getSession(request)
  if (!session || session.user.role !== role || !session.user.email) {
    const headers = hasSessionCookie(request) ? { 'Set-Cookie': await destroySession(request) } : undefined
    throw redirect('/', { headers })
  }
  return session
}
