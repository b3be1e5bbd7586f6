import { describe, expect, it, vi } from 'vitest'

async function freshToast(env: Record<string, string>) {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
  vi.resetModules()
  return import('./toast')
}
const request = (cookie: string) => new Request('http://localhost/', { headers: { cookie } })
const pair = (setCookie: string) => setCookie.split(';')[0]!

describe('flash cookie', () => {
  it('is Secure under an https PUBLIC_URL', async () => {
    const { setToast } = await freshToast({ PUBLIC_URL: 'https://fleeters.cl', SESSION_SECRET: 'x'.repeat(40) })
    const cookie = await setToast({ type: 'success', message: 'Hola', durationMs: 3000 })
    expect(cookie).toMatch(/; Secure/)
    expect(cookie).toMatch(/HttpOnly/)
    vi.unstubAllEnvs()
  })

  it('carries a toast to the next page once, and clears itself', async () => {
    const { setToast, readToast } = await freshToast({ SESSION_SECRET: 'y'.repeat(40) })
    const cookie = await setToast({ type: 'info', message: 'Inicia sesión para continuar', durationMs: 4000 })
    const read = await readToast(request(pair(cookie)))
    expect(read.toast).toEqual({ type: 'info', message: 'Inicia sesión para continuar', durationMs: 4000 })
    expect(read.clear).toMatch(/^__fleeters_toast=;.*Expires=Thu, 01 Jan 1970/)
    expect(await readToast(request('otra=1'))).toEqual({ toast: null, clear: null })
    vi.unstubAllEnvs()
  })

  it('is signed: a forged or altered value is dropped (and cleared), never shown', async () => {
    const { setToast, readToast } = await freshToast({ SESSION_SECRET: 'z'.repeat(40) })
    // What the old unsigned cookie held: base64url JSON anyone could write.
    const forged = Buffer.from(
      JSON.stringify({ type: 'success', message: '<b>Tu cuenta fue verificada</b>', durationMs: 3000 }),
    ).toString('base64url')
    for (const value of [
      forged,
      `${pair(await setToast({ type: 'success', message: 'Hola', durationMs: 3000 }))
        .split('=')[1]!
        .slice(0, -3)}abc`,
    ]) {
      const read = await readToast(request(`__fleeters_toast=${value}`))
      expect(read.toast).toBeNull()
      expect(read.clear).toMatch(/^__fleeters_toast=;/)
    }
    vi.unstubAllEnvs()
  })

  it('refuses to write a toast outside its schema', async () => {
    const { setToast } = await freshToast({ SESSION_SECRET: 'w'.repeat(40) })
    await expect(setToast({ type: 'success', message: '', durationMs: 3000 })).rejects.toThrow()
    await expect(setToast({ type: 'alerta' as never, message: 'Hola', durationMs: 3000 })).rejects.toThrow()
    vi.unstubAllEnvs()
  })
})
