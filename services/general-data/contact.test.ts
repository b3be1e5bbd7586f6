import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'

const contact = {
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@gmail.com',
  phone: '987654321',
  message: 'Hola, quiero más información sobre Fleeters.',
}
const inquiry = {
  name: 'Jorge Fuentes',
  phone: '987654321',
  email: 'jorge@gmail.com',
  message: '¿Cuándo pagan la producción?',
  type: 'Inquiries',
}
const complaint = {
  ...inquiry,
  type: 'Complaints',
  selectedComplainsType: 'DEMORA_EN_LA_ENTREGA',
  message: 'La ruta llegó con dos horas de atraso.',
}
const TEAM = 'equipo@fleeters.cl'

function messagesOf(body: { message: string | string[] }) {
  return ([] as string[]).concat(body.message)
}

describe.each(engines)('contact forms on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  beforeEach(async () => {
    p = await createTestPlatform(engine, { TEAM_EMAIL: TEAM })
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  describe('POST /contact/send-email-contact', () => {
    it('stores the message and mails the team in the same transaction', async () => {
      const res = await api.post('/contact/send-email-contact', { ...contact, firstName: '  Ana ' })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Mensaje enviado correctamente. Te responderemos a la brevedad.')
      const rows = await p.db.selectFrom('contact_messages').selectAll().execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        first_name: 'Ana',
        last_name: 'Pérez',
        email: contact.email,
        phone: contact.phone,
        message: contact.message,
      })
      const mails = await outbox(p, TEAM)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.subject).toBe('Nuevo mensaje de contacto de Ana Pérez')
      expect(mails[0]!.body_text).toContain(contact.message)
      expect(mails[0]!.body_text).toContain('Teléfono: 987654321')
    })

    it.each([
      ['firstName', '', 'Campo requerido'],
      ['lastName', '', 'Campo requerido'],
      ['lastName', 'x'.repeat(51), 'Máximo 50 caracteres'],
      ['email', '', 'Campo requerido'],
      ['email', 'ana@gmail.comercial', 'Ingresa un correo electrónico válido'],
      ['phone', '', 'Campo requerido'],
      ['phone', '98765432', 'Mínimo 9 caracteres'],
      ['phone', '9876543210123456', 'Máximo 15 caracteres'],
      ['phone', '98765432a', 'El teléfono solo puede contener números'],
      ['phone', '912340000', 'El teléfono no puede contener secuencias como 0000 o 1234'],
      ['message', '', 'Campo requerido'],
      ['message', 'Hola', 'El mensaje debe tener al menos 10 caracteres'],
      ['message', 'x'.repeat(501), 'El mensaje no puede superar los 500 caracteres'],
    ])('refuses %s = %j with "%s" and writes nothing', async (field, value, message) => {
      const res = await api.post('/contact/send-email-contact', { ...contact, [field]: value })
      expect(res.status).toBe(400)
      expect(messagesOf(res.body)).toContain(message)
      expect(await p.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(0)
      expect(await outbox(p)).toHaveLength(0)
    })

    it('answers a list of messages for several bad fields, and 400 for a body that is not an object', async () => {
      const res = await api.post('/contact/send-email-contact', {})
      expect(res.status).toBe(400)
      // One required message for every field (decision 57): the list of distinct messages is that one.
      expect([res.body.message].flat()).toEqual(['Campo requerido'])
      expect((await api.post('/contact/send-email-contact', 'hola')).status).toBe(400)
      expect((await api.post('/contact/send-email-contact', [1, 2])).status).toBe(400)
      const broken = await api.call('POST', '/contact/send-email-contact', {
        body: '{"firstName":',
        headers: { 'content-type': 'application/json' },
      })
      expect(broken.status).toBe(400)
      expect(broken.body.message).toBe('El cuerpo de la solicitud no es válido.')
    })

    it('refuses an oversized body with 413', async () => {
      const res = await api.post('/contact/send-email-contact', { ...contact, message: 'x'.repeat(70 * 1024) })
      expect(res.status).toBe(413)
      expect(res.body.message).toBe('La solicitud es demasiado grande.')
      expect(await outbox(p)).toHaveLength(0)
    })

    it('is rate limited per client', async () => {
      const ip = { 'x-fleeters-client-ip': '198.51.100.7' }
      for (let i = 0; i < 10; i++) expect((await api.post('/contact/send-email-contact', contact, ip)).status).toBe(201)
      const limited = await api.post('/contact/send-email-contact', contact, ip)
      expect(limited.status).toBe(429)
      expect(limited.body.message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.')
      expect(limited.headers.get('retry-after')).toBeTruthy()
      expect(await p.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(10)
      expect(
        (await api.post('/contact/send-email-contact', contact, { 'x-fleeters-client-ip': '198.51.100.8' })).status,
      ).toBe(201)
      p.advance(15 * 60_000 + 1)
      expect((await api.post('/contact/send-email-contact', contact, ip)).status).toBe(201)
    })
  })

  describe('POST /contact/send-email-inquiries-complaints', () => {
    it('stores an inquiry without a complaint type and mails the team', async () => {
      const res = await api.post('/contact/send-email-inquiries-complaints', {
        ...inquiry,
        selectedComplainsType: 'PAGO',
      })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Tu consulta fue enviada correctamente. Te responderemos a la brevedad.')
      const row = await p.db.selectFrom('inquiries').selectAll().executeTakeFirstOrThrow()
      expect(row).toMatchObject({
        type: 'Inquiries',
        complaint_type: null,
        name: inquiry.name,
        email: inquiry.email,
        phone: inquiry.phone,
        message: inquiry.message,
      })
      const [mail] = await outbox(p, TEAM)
      expect(mail!.subject).toBe('Nueva consulta de Jorge Fuentes')
      expect(mail!.body_text).toContain('Tipo: Consulta')
    })

    it('stores a complaint with its type', async () => {
      const res = await api.post('/contact/send-email-inquiries-complaints', complaint)
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Tu reclamo fue registrado correctamente. Te contactaremos a la brevedad.')
      const row = await p.db.selectFrom('inquiries').selectAll().executeTakeFirstOrThrow()
      expect(row).toMatchObject({ type: 'Complaints', complaint_type: 'DEMORA_EN_LA_ENTREGA' })
      const [mail] = await outbox(p, TEAM)
      expect(mail!.subject).toBe('Nuevo reclamo (Demora en la entrega) de Jorge Fuentes')
      expect(mail!.body_text).toContain('Tipo de reclamo: Demora en la entrega')
    })

    it.each([
      ['name', '', 'Campo requerido'],
      ['name', 'x'.repeat(101), 'El nombre debe tener menos de 100 caracteres'],
      ['phone', '', 'Campo requerido'],
      ['phone', '98765432', 'El número de teléfono debe tener al menos 9 dígitos'],
      ['phone', '9876543210123456', 'Por favor, introduce un número de teléfono válido de hasta 15 dígitos'],
      ['phone', '98765x4321', 'Por favor, introduce un número de teléfono válido de hasta 15 dígitos'],
      ['email', '', 'Campo requerido'],
      ['email', 'jorge@', 'Por favor, introduce un correo electrónico válido'],
      ['message', '', 'Campo requerido'],
      ['message', 'x'.repeat(1501), 'El mensaje debe tener menos de 1500 caracteres'],
      ['type', '', 'Campo requerido'],
      ['type', 'Felicitaciones', 'Tipo de solicitud inválido'],
      ['selectedComplainsType', '', 'Campo requerido'],
      ['selectedComplainsType', 'CHOQUE', 'Tipo de reclamo inválido'],
    ])('refuses %s = %j with "%s" and writes nothing', async (field, value, message) => {
      const res = await api.post('/contact/send-email-inquiries-complaints', { ...complaint, [field]: value })
      expect(res.status).toBe(400)
      expect(messagesOf(res.body)).toContain(message)
      expect(await p.db.selectFrom('inquiries').select('id').execute()).toHaveLength(0)
      expect(await outbox(p)).toHaveLength(0)
    })

    it('refuses an oversized body with 413', async () => {
      const res = await api.post('/contact/send-email-inquiries-complaints', {
        ...complaint,
        message: 'x'.repeat(70 * 1024),
      })
      expect(res.status).toBe(413)
      expect(await p.db.selectFrom('inquiries').select('id').execute()).toHaveLength(0)
    })

    it('is rate limited per client', async () => {
      const ip = { 'x-fleeters-client-ip': '198.51.100.9' }
      for (let i = 0; i < 10; i++) await api.post('/contact/send-email-inquiries-complaints', complaint, ip)
      const limited = await api.post('/contact/send-email-inquiries-complaints', complaint, ip)
      expect(limited.status).toBe(429)
      expect(typeof limited.body.message).toBe('string')
    })
  })
})
