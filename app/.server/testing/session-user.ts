import type { SessionUser } from '../session'

/** Who is signed in for each role in the web tier's tests: the names the assertions read back. */
const PEOPLE = {
  User: { email: 'camila@example.cl', firstname: 'Camila', lastname: 'Pérez' },
  business: { email: 'empresa@example.cl', firstname: 'Ana', lastname: 'Pérez' },
  admin: { email: 'olga@fleeters.cl', firstname: 'Olga', lastname: 'Operaciones', staff_role: 'administrador' },
} satisfies Record<SessionUser['role'], Partial<SessionUser>>

/**
 * The session's user (`SessionUser`) as the guards and loaders get it: a verified account of
 * `role` with the optional fields empty; `overrides` sets what a test needs otherwise.
 */
export function sessionUser(role: SessionUser['role'], overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    role,
    ...PEOPLE[role],
    rut: null,
    phone: null,
    address: null,
    about_me: null,
    img_profile: null,
    email_verified: true,
    ...overrides,
  }
}
