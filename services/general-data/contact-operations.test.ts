import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import { CONTACT_RESPONSES, sendComplaint, sendContactEmail } from './contact-operations'

const TEAM = 'equipo@fleeters.cl'
const inquiry = {
  name: 'Jorge Fuentes',
  phone: '987654321',
  email: 'jorge@gmail.com',
  message: '¿Cuándo pagan la producción?',
  type: 'Inquiries',
} as const

/** The contact operations called as a script would call them, without a route in between. */
describe.each(engines)('contact operations on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine, { TEAM_EMAIL: TEAM })
  })
  afterEach(async () => p.destroy())

  const mails = async () => (await outbox(p)).map((m) => ({ to: m.recipient, subject: m.subject, text: m.body_text }))

  it('stores a contact message and queues its mail to the team', async () => {
    const message = 'Hola, quiero más información sobre Fleeters.'
    expect(
      await sendContactEmail(p, {
        firstName: 'Ana',
        lastName: 'Pérez',
        email: 'ana@gmail.com',
        phone: '987654321',
        message,
      }),
    ).toEqual({ message: CONTACT_RESPONSES.contactSent })
    expect(
      await p.db
        .selectFrom('contact_messages')
        .select(['first_name', 'last_name', 'email', 'phone', 'message'])
        .execute(),
    ).toEqual([{ first_name: 'Ana', last_name: 'Pérez', email: 'ana@gmail.com', phone: '987654321', message }])
    expect(await mails()).toEqual([
      {
        to: TEAM,
        subject: 'Nuevo mensaje de contacto de Ana Pérez',
        text: expect.stringContaining('Nombre: Ana Pérez\nCorreo: ana@gmail.com\nTeléfono: 987654321'),
      },
    ])
  })

  it('stores an inquiry without the complaint type its body named, and a complaint with its own', async () => {
    expect(await sendComplaint(p, { ...inquiry, selectedComplainsType: 'PAGO' })).toEqual({
      message: CONTACT_RESPONSES.inquirySent,
    })
    expect(
      await sendComplaint(p, { ...inquiry, type: 'Complaints', selectedComplainsType: 'DEMORA_EN_LA_ENTREGA' }),
    ).toEqual({ message: CONTACT_RESPONSES.complaintSent })
    expect(
      await p.db.selectFrom('inquiries').select(['type', 'complaint_type', 'name', 'email']).orderBy('id').execute(),
    ).toEqual([
      { type: 'Inquiries', complaint_type: null, name: inquiry.name, email: inquiry.email },
      { type: 'Complaints', complaint_type: 'DEMORA_EN_LA_ENTREGA', name: inquiry.name, email: inquiry.email },
    ])
    const [asked, complained] = await mails()
    expect(asked).toMatchObject({ to: TEAM, subject: 'Nueva consulta de Jorge Fuentes' })
    expect(asked!.text).toContain('Tipo: Consulta')
    expect(asked!.text).not.toContain('Tipo de reclamo')
    expect(complained).toMatchObject({ to: TEAM, subject: 'Nuevo reclamo (Demora en la entrega) de Jorge Fuentes' })
    expect(complained!.text).toContain('Tipo de reclamo: Demora en la entrega')
  })
})
