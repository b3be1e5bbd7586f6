import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '#domain/contract/admin'
import { activitySentence } from './activity'

type Row = Parameters<typeof activitySentence>[0]

function row(action: string, over: Partial<AuditEntry> = {}): Row {
  return {
    actor: 'olga@fleeters.cl',
    actor_name: 'Olga',
    action,
    entity_id: 7,
    subject: { name: null, owner: null },
    before: null,
    after: null,
    ...over,
  }
}

const camila = (slot: string) => ({ subject: { name: slot, owner: 'Camila Pérez' } })

describe('activitySentence: one sentence per audit action', () => {
  it('document.approve names the slot and its driver, and the confirmed expiry date', () => {
    expect(activitySentence(row('document.approve', camila('licencia_conducir_frontal')))).toBe(
      'Olga aprobó Licencia de conducir (frontal) de Camila Pérez',
    )
    const dated = row('document.approve', {
      ...camila('soap_frontal'),
      before: { file_status: 'PENDING', expires_on: '2027-03-01' },
      after: { file_status: 'ACCEPTED', expires_on: '2027-03-31' },
    })
    expect(activitySentence(dated)).toBe('Olga aprobó SOAP (frontal) de Camila Pérez, vigente hasta el 31-03-2027')
  })

  it('document.reject adds the reason', () => {
    const e = row('document.reject', {
      ...camila('soap_frontal'),
      after: { file_status: 'REJECTED', rejection_reason: 'Documento ilegible' },
    })
    expect(activitySentence(e)).toBe('Olga rechazó SOAP (frontal) de Camila Pérez: Documento ilegible')
  })

  it('a document whose slot or driver is gone still reads', () => {
    expect(activitySentence(row('document.reject'))).toBe('Olga rechazó un documento')
  })

  it('company.verify and company.unverify name the company', () => {
    const rapido = { subject: { name: 'Rápido Express', owner: null } }
    expect(activitySentence(row('company.verify', rapido))).toBe('Olga verificó Rápido Express')
    expect(activitySentence(row('company.unverify', rapido))).toBe('Olga quitó la verificación de Rápido Express')
    expect(activitySentence(row('company.unverify'))).toBe('Olga quitó la verificación de una empresa')
  })

  it('posting.close names the posting, its company and the reason', () => {
    const subject = { name: 'Ruta Las Condes', owner: 'Rápido Express' }
    expect(activitySentence(row('posting.close', { subject }))).toBe(
      'Olga cerró la publicación «Ruta Las Condes» de Rápido Express',
    )
    expect(activitySentence(row('posting.close', { subject, after: { reason: 'Publicación duplicada.' } }))).toBe(
      'Olga cerró la publicación «Ruta Las Condes» de Rápido Express: Publicación duplicada.',
    )
  })

  it('admin.create and admin.link come from the command line', () => {
    const cli = { actor: 'cli', actor_name: null, after: { email: 'juan@fleeters.cl' } }
    expect(activitySentence(row('admin.create', cli))).toBe(
      'La línea de comandos creó la cuenta de administración de juan@fleeters.cl',
    )
    expect(activitySentence(row('admin.link', cli))).toBe(
      'La línea de comandos emitió un enlace para crear contraseña a juan@fleeters.cl',
    )
  })

  it('staff.role says the role before and after', () => {
    const e = row('staff.role', {
      subject: { name: 'Juan Soto', owner: null },
      before: { staff_role: 'revisor' },
      after: { staff_role: 'administrador' },
    })
    expect(activitySentence(e)).toBe('Olga cambió el rol de Juan Soto de revisor a administrador')
  })

  it('power.signature names the driver of the simple power', () => {
    expect(activitySentence(row('power.signature', { subject: { name: null, owner: 'Camila Pérez' } }))).toBe(
      'Olga registró la firma del dueño en el poder simple de Camila Pérez',
    )
  })

  it('privacy_request.answer names who asked', () => {
    expect(activitySentence(row('privacy_request.answer', { subject: { name: null, owner: 'Camila Pérez' } }))).toBe(
      'Olga respondió la solicitud de rectificación de Camila Pérez',
    )
  })

  it('outbox.retry and job.run', () => {
    expect(activitySentence(row('outbox.retry'))).toBe('Olga reintentó el envío de un mensaje')
    expect(activitySentence(row('job.run', { entity_id: null, after: { name: 'backup' } }))).toBe(
      'Olga pidió ejecutar una tarea programada',
    )
  })

  it.each([
    ['faq.create', { question: '¿Cuánto cuesta?' }, 'Olga agregó la pregunta frecuente «¿Cuánto cuesta?»'],
    ['faq.update', { question: '¿Cuánto cuesta?' }, 'Olga editó la pregunta frecuente «¿Cuánto cuesta?»'],
    ['faq.delete', null, 'Olga eliminó la pregunta frecuente «¿Antes?»'],
    ['faq.move', { position: 2 }, 'Olga cambió el orden de las preguntas frecuentes'],
    ['testimonial.create', { name: 'Carolina Muñoz' }, 'Olga agregó el testimonio «Carolina Muñoz»'],
    ['testimonial.update', { name: 'Carolina Muñoz' }, 'Olga editó el testimonio «Carolina Muñoz»'],
    ['testimonial.delete', null, 'Olga eliminó el testimonio «¿Antes?»'],
    ['testimonial.move', { position: 1 }, 'Olga cambió el orden de los testimonios'],
    ['logo.create', { name: 'Andes' }, 'Olga agregó el logo «Andes»'],
    ['logo.update', { name: 'Andes' }, 'Olga editó el logo «Andes»'],
    ['logo.delete', null, 'Olga eliminó el logo «¿Antes?»'],
    ['logo.move', { position: 3 }, 'Olga cambió el orden de los logos'],
    ['statistic.update', { title: 'Fleeters validados' }, 'Olga editó la estadística «Fleeters validados»'],
    ['statistic.move', { position: 0 }, 'Olga cambió el orden de las estadísticas'],
  ])('%s', (action, after, sentence) => {
    const before = action.endsWith('.delete') ? { question: '¿Antes?', name: '¿Antes?' } : null
    expect(activitySentence(row(action, { after, before }))).toBe(sentence)
  })

  it('an unknown action reads as a neutral sentence, never its JSON', () => {
    const e = row('payout.send', { actor_name: null, before: { amount: 1 }, after: { amount: 2 } })
    const sentence = activitySentence(e)
    expect(sentence).toBe('olga@fleeters.cl hizo un cambio en la consola')
    expect(sentence).not.toMatch(/[{}]|amount/)
  })
})

describe('activitySentence covers what the services write', () => {
  it('every literal audit action in services/users/admin has its own sentence', () => {
    const dir = 'services/users/admin'
    const source = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
      .join('\n')
    const literal = [...source.matchAll(/action: '([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]!)
    const chosen = [...source.matchAll(/'([a-z_]+\.[a-z_]+)' : '([a-z_]+\.[a-z_]+)'/g)].flatMap((m) => [m[1]!, m[2]!])
    const moved = ['faq', 'testimonial', 'logo', 'statistic'].flatMap((e) => [`${e}.move`, `${e}.delete`])
    const actions = new Set([...literal, ...chosen, ...moved])
    expect(actions.size).toBeGreaterThanOrEqual(20)
    for (const action of actions)
      expect(activitySentence(row(action)), action).not.toBe('Olga hizo un cambio en la consola')
  })
})
