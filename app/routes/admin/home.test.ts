import { afterEach, describe, expect, it } from 'vitest'
import { consoleCookie, consoleServices, jsonAnswer as json } from './console-test-kit'
import { loader } from './home'

/**
 * The console's home asks two things of the service. When the session is
 * revoked between the guard's check and those calls, the first answer (401) must not leave a
 * rejected promise unhandled while the loader waits for the second: Node would end the process.
 */
/** The services as the loader sees them: the session is live for the guard, then refused. */
function revokedMidway() {
  return consoleServices(async (pathname) => {
    if (pathname === '/admin/summary') return json(401, { message: 'No autorizado' })
    // The second answer takes a while (a real round trip), so the first one is seen first.
    await new Promise((r) => setTimeout(r, 50))
    return json(200, [])
  })
}

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)

afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
})

describe('GET /admin when the service refuses the session midway', () => {
  it('redirects to the login and leaves no promise unhandled', async () => {
    // Vitest's own listener would fail the run; this one records what Node would die of.
    const previous = process.listeners('unhandledRejection')
    process.removeAllListeners('unhandledRejection')
    process.on('unhandledRejection', onUnhandled)
    try {
      const cookie = await consoleCookie('http://localhost/admin')
      const request = new Request('http://localhost/admin', { headers: { cookie } })
      const outcome = await loader({ request, context: revokedMidway(), params: {} } as Parameters<
        typeof loader
      >[0]).then(
        () => null,
        (thrown: unknown) => thrown,
      )
      await new Promise((r) => setTimeout(r, 100))
      expect(unhandled).toEqual([])
      expect(outcome).toBeInstanceOf(Response)
      expect((outcome as Response).status).toBe(302)
      expect((outcome as Response).headers.get('location')).toBe('/login?redirectTo=%2Fadmin')
    } finally {
      process.off('unhandledRejection', onUnhandled)
      for (const l of previous) process.on('unhandledRejection', l as (...args: unknown[]) => void)
    }
  })
})
