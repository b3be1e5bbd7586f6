import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER, INTERNAL_SECRET_HEADER } from '#services/platform/client-ip'
import { startServer, type ServerProcess } from './server-process'

/**
 * In every topology, rate limits count per visitor. A services-only process (a
 * split deployment's) believes the visitor address only from the web tier (INTERNAL_SECRET); a
 * process behind one trusted proxy reads X-Forwarded-For, and ignores it with none.
 */
const secret = randomBytes(36).toString('base64url')
// A different unknown account each time: the visitor's bucket counts every attempt, and no
// account reaches its own limit (10 failures ask for the mailed code, decision 73).
const login = (url: string, headers: Record<string, string>) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      email: `nadie-${randomBytes(4).toString('hex')}@example.cl`,
      password: 'clave-equivocada-1',
    }),
  })

async function spend(url: string, headers: Record<string, string>, n: number) {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) statuses.push((await login(url, headers)).status)
  return statuses
}

describe('split deployment: the services process and the forwarded address', () => {
  let services: ServerProcess
  beforeAll(async () => {
    services = await startServer({ SERVICES: 'users,business,general', INTERNAL_SECRET: secret })
  }, 90_000)
  afterAll(() => services?.stop())

  it('counts per visitor when the web tier forwards the address with the secret', async () => {
    const web = (ip: string) => ({ [CLIENT_IP_HEADER]: ip, [INTERNAL_SECRET_HEADER]: secret })
    // 10 failed logins a minute per visitor: the first visitor is stopped, the second is not.
    expect((await spend(services.url, web('198.51.100.1'), 11)).at(-1)).toBe(429)
    expect(await spend(services.url, web('198.51.100.2'), 1)).toEqual([401])
  })

  it('ignores an address sent without the secret (or with a wrong one): a client cannot pick its bucket', async () => {
    const forged = (ip: string) => ({ [CLIENT_IP_HEADER]: ip, [INTERNAL_SECRET_HEADER]: 'x'.repeat(48) })
    // Every forged address lands in the caller's own (socket) bucket, which runs out.
    const statuses = [
      ...(await spend(services.url, forged('203.0.113.1'), 6)),
      ...(await spend(services.url, { [CLIENT_IP_HEADER]: '203.0.113.2' }, 6)),
    ]
    expect(statuses).toContain(429)
  })
})

describe('behind a load balancer (TRUST_PROXY)', () => {
  let trusted: ServerProcess
  let direct: ServerProcess
  beforeAll(async () => {
    ;[trusted, direct] = await Promise.all([startServer({ TRUST_PROXY: '1' }), startServer({ TRUST_PROXY: '0' })])
  }, 90_000)
  afterAll(() => Promise.all([trusted?.stop(), direct?.stop()]))

  it('TRUST_PROXY=1: each visitor the balancer names has a bucket of its own', async () => {
    expect((await spend(trusted.url, { 'x-forwarded-for': '198.51.100.10' }, 11)).at(-1)).toBe(429)
    expect(await spend(trusted.url, { 'x-forwarded-for': '198.51.100.11' }, 1)).toEqual([401])
    // A forged first entry does not help: the balancer's entry (the last) is the one counted.
    expect((await spend(trusted.url, { 'x-forwarded-for': '1.2.3.4, 198.51.100.10' }, 1))[0]).toBe(429)
  })

  it('TRUST_PROXY=0: X-Forwarded-For is ignored', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push(...(await spend(direct.url, { 'x-forwarded-for': `198.51.100.${20 + i}` }, 1)))
    expect(statuses.at(-1)).toBe(429)
  })
})
