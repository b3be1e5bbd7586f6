import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import { BUSINESS_RESPONSES, sendBusinessContact, sendFleetRequest } from './contact-operations'

const TEAM = 'equipo@fleeters.cl'
const company = { name_business: 'Transportes Andes', fullname: 'Ana Pérez', email: 'ana@andes.cl', phone: '22876543' }

/** The business contact operations called as a script would call them, without a route in between. */
describe.each(engines)('business contact operations on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine, { TEAM_EMAIL: TEAM })
  })
  afterEach(async () => p.destroy())

  const mails = async () => (await outbox(p)).map((m) => ({ to: m.recipient, subject: m.subject, text: m.body_text }))

  it('stores a fleet request and queues its mail to the team, the places, vehicle and shift named', async () => {
    const request = {
      ...company,
      id_vehicle: 1,
      quantity: 4,
      id_zone: 2,
      id_region: 13000,
      id_commune: 13101,
      id_schedule: 1,
      message: 'Rutas en Santiago Centro, de lunes a viernes.',
    }
    expect(await sendFleetRequest(p, request)).toEqual({ message: BUSINESS_RESPONSES.fleetSent })
    const rows = await p.db.selectFrom('fleet_requests').selectAll().execute()
    expect(rows).toEqual([{ ...request, id: expect.any(Number), created_at: expect.any(String) }])
    const [mail, ...more] = await mails()
    expect(more).toEqual([])
    expect(mail).toMatchObject({ to: TEAM, subject: 'Requerimiento de flota de Transportes Andes' })
    expect(mail!.text).toContain(
      'Tipo de vehículo: Furgón\nCantidad de vehículos: 4\nZona: Zona Centro\n' +
        'Región: Metropolitana de Santiago\nComuna: Santiago Centro\nTurno: AM (mañanas)',
    )
    expect(mail!.text).toContain(request.message)
  })

  it('stores a business contact and queues its mail to the team', async () => {
    const message = 'Necesitamos 5 conductores para marzo.'
    expect(await sendBusinessContact(p, { ...company, message })).toEqual({ message: BUSINESS_RESPONSES.contactSent })
    expect(
      await p.db
        .selectFrom('business_contacts')
        .select(['fullname', 'name_business', 'email', 'phone', 'message'])
        .execute(),
    ).toEqual([{ ...company, message }])
    expect(await mails()).toEqual([
      {
        to: TEAM,
        subject: 'Contacto de empresa: Transportes Andes',
        text: expect.stringContaining('Empresa: Transportes Andes\nNombre: Ana Pérez\nCorreo: ana@andes.cl'),
      },
    ])
  })
})
