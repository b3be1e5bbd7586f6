import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'

const business = {
  fullname: 'Ana Pérez',
  name_business: 'Transportes Andes',
  email: 'ana@andes.cl',
  phone: '22876543',
  message: 'Necesitamos 5 conductores para marzo.',
}
const fleet = {
  name_business: 'Transportes Andes',
  fullname: 'Ana Pérez',
  email: 'ana@andes.cl',
  phone: '22876543',
  id_vehicle: 1,
  quantity: 4,
  id_zone: 2,
  id_region: 13000,
  id_commune: 13101,
  id_schedule: 1,
  message: 'Rutas en Santiago Centro, de lunes a viernes.',
}
const TEAM = 'equipo@fleeters.cl'

function messagesOf(body: { message: string | string[] }) {
  return ([] as string[]).concat(body.message)
}

describe.each(engines)('business contact forms on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  beforeEach(async () => {
    p = await createTestPlatform(engine, { TEAM_EMAIL: TEAM })
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  describe('POST /business/contact-business', () => {
    it('stores the contact and mails the team', async () => {
      const res = await api.post('/business/contact-business', business)
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Mensaje enviado correctamente.')
      const row = await p.db.selectFrom('business_contacts').selectAll().executeTakeFirstOrThrow()
      expect(row).toMatchObject(business)
      const [mail] = await outbox(p, TEAM)
      expect(mail!.subject).toBe('Contacto de empresa: Transportes Andes')
      expect(mail!.body_text).toContain(business.message)
    })

    it.each([
      ['fullname', '', 'Campo requerido'],
      ['name_business', '', 'Campo requerido'],
      ['name_business', 'x'.repeat(51), 'Máximo 50 caracteres'],
      ['email', '', 'Campo requerido'],
      ['email', 'ana@andes.chile', 'Ingresa un correo electrónico válido'],
      ['phone', '', 'Campo requerido'],
      ['phone', '2287654', 'Mínimo 8 caracteres'],
      ['phone', '9876543210123456', 'Máximo 15 caracteres'],
      ['phone', '22-87654x', 'El teléfono solo puede contener números'],
      ['phone', '22871234', 'El teléfono no puede contener secuencias como 0000 o 1234'],
      ['message', '', 'Campo requerido'],
      ['message', 'corto', 'El mensaje debe tener al menos 10 caracteres'],
      ['message', 'x'.repeat(1001), 'El mensaje no puede superar los 1000 caracteres'],
    ])('refuses %s = %j with "%s" and writes nothing', async (field, value, message) => {
      const res = await api.post('/business/contact-business', { ...business, [field]: value })
      expect(res.status).toBe(400)
      expect(messagesOf(res.body)).toContain(message)
      expect(await p.db.selectFrom('business_contacts').select('id').execute()).toHaveLength(0)
      expect(await outbox(p)).toHaveLength(0)
    })

    it('refuses malformed and oversized bodies', async () => {
      expect(
        (
          await api.call('POST', '/business/contact-business', {
            body: 'no-json',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(400)
      expect(
        (await api.post('/business/contact-business', { ...business, message: 'x'.repeat(70 * 1024) })).status,
      ).toBe(413)
      expect(await outbox(p)).toHaveLength(0)
    })

    it('is rate limited per client', async () => {
      const ip = { 'x-fleeters-client-ip': '192.0.2.1' }
      for (let i = 0; i < 10; i++) expect((await api.post('/business/contact-business', business, ip)).status).toBe(201)
      const limited = await api.post('/business/contact-business', business, ip)
      expect(limited.status).toBe(429)
      expect(limited.body.message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.')
    })
  })

  describe('POST /business/register (JSON: fleet requirements)', () => {
    it('stores the request with ids as numbers or digit strings and mails the team', async () => {
      const res = await api.post('/business/register', fleet)
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Recibimos tus requerimientos de flota. Un ejecutivo te contactará a la brevedad.')
      const asText = Object.fromEntries(Object.entries(fleet).map(([k, v]) => [k, String(v)]))
      expect((await api.post('/business/register', { ...asText, message: undefined })).status).toBe(201)
      const rows = await p.db.selectFrom('fleet_requests').selectAll().orderBy('id').execute()
      expect(rows).toHaveLength(2)
      expect(rows[0]).toMatchObject(fleet)
      expect(rows[1]).toMatchObject({ ...fleet, message: '' })
      const mails = await outbox(p, TEAM)
      expect(mails).toHaveLength(2)
      expect(mails[0]!.subject).toBe('Requerimiento de flota de Transportes Andes')
      for (const line of [
        'Tipo de vehículo: Furgón',
        'Cantidad de vehículos: 4',
        'Región: Metropolitana de Santiago',
        'Comuna: Santiago Centro',
        'Turno: AM (mañanas)',
      ]) {
        expect(mails[0]!.body_text).toContain(line)
      }
    })

    it.each([
      ['name_business', '', 'Campo requerido'],
      ['name_business', 'x'.repeat(51), 'Máximo 50 caracteres'],
      ['fullname', '', 'Campo requerido'],
      ['fullname', 'x'.repeat(101), 'Máximo 100 caracteres'],
      ['email', 'ana@', 'Ingresa un correo electrónico válido'],
      ['phone', '', 'Campo requerido'],
      ['phone', '2287654', 'Mínimo 8 caracteres'],
      ['phone', '22870000', 'El teléfono no puede contener secuencias como 0000 o 1234'],
      ['id_vehicle', '', 'Campo requerido'],
      ['id_vehicle', 4, 'Selecciona una opción válida'],
      ['quantity', null, 'Campo requerido'],
      ['quantity', 0, 'Ingresa una cantidad entre 1 y 999'],
      ['quantity', 1000, 'Ingresa una cantidad entre 1 y 999'],
      ['quantity', '2.5', 'Ingresa una cantidad entre 1 y 999'],
      ['id_zone', 9, 'Selecciona una opción válida'],
      ['id_region', 99000, 'Selecciona una opción válida'],
      ['id_region', 1000, 'La región no pertenece a la zona seleccionada'],
      ['id_commune', '', 'Campo requerido'],
      ['id_commune', 1101, 'La comuna no pertenece a la región seleccionada'],
      ['id_schedule', 7, 'Selecciona una opción válida'],
      ['message', 'x'.repeat(1001), 'El mensaje no puede superar los 1000 caracteres'],
    ])('refuses %s = %j with "%s" and writes nothing', async (field, value, message) => {
      const res = await api.post('/business/register', { ...fleet, [field]: value })
      expect(res.status).toBe(400)
      expect(messagesOf(res.body)).toContain(message)
      expect(await p.db.selectFrom('fleet_requests').select('id').execute()).toHaveLength(0)
      expect(await outbox(p)).toHaveLength(0)
    })

    it('answers every message of an empty body as a list', async () => {
      const res = await api.post('/business/register', {})
      expect(res.status).toBe(400)
      // One required message for every field (decision 57): the list of distinct messages is that one.
      expect([res.body.message].flat()).toEqual(['Campo requerido'])
    })

    it('refuses malformed and oversized bodies', async () => {
      expect(
        (await api.call('POST', '/business/register', { body: '{', headers: { 'content-type': 'application/json' } }))
          .status,
      ).toBe(400)
      expect((await api.post('/business/register', { ...fleet, message: 'x'.repeat(70 * 1024) })).status).toBe(413)
      expect(await p.db.selectFrom('fleet_requests').select('id').execute()).toHaveLength(0)
    })

    it('is rate limited per client', async () => {
      const ip = { 'x-fleeters-client-ip': '192.0.2.2' }
      for (let i = 0; i < 10; i++) expect((await api.post('/business/register', fleet, ip)).status).toBe(201)
      const limited = await api.post('/business/register', fleet, ip)
      expect(limited.status).toBe(429)
      expect(limited.body.message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.')
    })
  })
})
