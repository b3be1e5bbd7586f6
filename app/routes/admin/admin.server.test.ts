import { describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES, REJECTION_REASONS } from '#domain/validation/admin-constants'
import { reviewDecision } from './admin.server'

const form = (fields: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  return f
}

describe('reviewDecision', () => {
  it('approves, with the expiry date when the form carries one', () => {
    expect(reviewDecision(form({ intent: 'approve' }))).toEqual({ body: { decision: 'ACCEPTED' } })
    expect(reviewDecision(form({ intent: 'approve', expires_on: '2027-12-31' }))).toEqual({
      body: { decision: 'ACCEPTED', expires_on: '2027-12-31' },
    })
  })

  it('rejects with the listed reason, or the written one for «Otro motivo»', () => {
    const [first] = REJECTION_REASONS
    expect(reviewDecision(form({ intent: 'reject', reason_choice: first.key, reason_other: 'ignorado' }))).toEqual({
      body: { decision: 'REJECTED', reason: first.text },
    })
    expect(reviewDecision(form({ intent: 'reject', reason_choice: 'otro', reason_other: '  Foto borrosa. ' }))).toEqual(
      { body: { decision: 'REJECTED', reason: 'Foto borrosa.' } },
    )
  })

  it('asks for a reason, and refuses an unknown intent', () => {
    expect(reviewDecision(form({ intent: 'reject', reason_choice: 'otro', reason_other: '  ' }))).toEqual({
      error: ADMIN_MESSAGES.reasonRequired,
    })
    expect(reviewDecision(form({ intent: 'reject' }))).toEqual({ error: ADMIN_MESSAGES.reasonRequired })
    expect(reviewDecision(form({ intent: 'borrar' }))).toEqual({ error: 'Acción no válida.' })
  })
})
