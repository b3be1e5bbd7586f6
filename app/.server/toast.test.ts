import { describe, expect, it, vi } from 'vitest'

describe('flash cookie (issue 11 item 9)', () => {
  it('is Secure under an https PUBLIC_URL', async () => {
    vi.stubEnv('PUBLIC_URL', 'https://fleeters.cl')
    vi.stubEnv('SESSION_SECRET', 'x'.repeat(40))
    vi.resetModules()
    const { setToast } = await import('./toast')
    const cookie = await setToast({ type: 'success', message: 'Hola', durationMs: 3000 })
    expect(cookie).toMatch(/; Secure/)
    expect(cookie).toMatch(/HttpOnly/)
    vi.unstubAllEnvs()
  })
})
