import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { requireCurrentConsents } from './consents'
import type { SessionUser, WebSession } from './session'
import { sessionUser } from './testing/session-user'

/** The area guard's step after the session check: what is pending comes with the session's answer. */
const user = sessionUser('User')

function context(pending: string[]) {
  const calls: string[] = []
  const ctx = {
    nonce: 'n',
    clientIp: '127.0.0.1',
    services: {
      async fetch(request: Request) {
        calls.push(new URL(request.url).pathname)
        const body = JSON.stringify({ pending: pending.map((document) => ({ document, version: '1' })) })
        return new Response(body, { headers: { 'content-type': 'application/json' } })
      },
    },
  } satisfies AppLoadContext
  return { ctx, calls }
}

const session = (pending_documents?: SessionUser['pending_documents']): WebSession => ({
  token: 't',
  exp: 0,
  user: { ...user, pending_documents },
})
const page = new Request('http://localhost/user/dashboard/home?x=1')

async function outcome(promise: Promise<void>): Promise<Response | null> {
  return promise.then(
    () => null,
    (e: unknown) => e as Response,
  )
}

describe('requireCurrentConsents', () => {
  it('sends an account with a pending document to the acceptance step, without another call', async () => {
    const { ctx, calls } = context([])
    const res = await outcome(requireCurrentConsents(page, ctx, 'User', session(['privacy'])))
    expect(res?.headers.get('location')).toBe(
      '/user/dashboard/aceptar-condiciones?redirectTo=%2Fuser%2Fdashboard%2Fhome%3Fx%3D1',
    )
    expect(calls).toEqual([])
  })

  it('lets an account with nothing pending in, without another call', async () => {
    const { ctx, calls } = context(['terms'])
    expect(await outcome(requireCurrentConsents(page, ctx, 'User', session([])))).toBeNull()
    expect(calls).toEqual([])
  })

  it('asks the consents service when the session answer does not say', async () => {
    const { ctx, calls } = context(['terms'])
    const res = await outcome(requireCurrentConsents(page, ctx, 'User', session(undefined)))
    expect(res?.headers.get('location')).toMatch(/^\/user\/dashboard\/aceptar-condiciones\?/)
    expect(calls).toEqual(['/auth/consents/user'])
  })
})
