import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import { fileOf, sampleJpeg, samplePng, userWithSession } from '#services/users/driver-area/test-helpers'
import {
  createPowerLink,
  createSimplePower,
  getSimplePowerDocument,
  listPowerLinks,
  ownerMessage,
  POWER_MESSAGE_LIMITS,
  POWER_SERVICE_MESSAGES as M,
  POWER_SLOT,
  powerLinkPath,
  PowerLimitError,
  verifyPowerLink,
} from './power-operations'
import { POWER_LINK_TTL_SECONDS } from './tokens'

const fields = {
  fullNameDriver: 'Juan Andrés Peña',
  rutDriver: '12.345.678-5',
  addressDriver: 'Los Aromos 45, Maipú',
  nationalityDriver: 'Chilena',
  vehicleBrand: 'Toyota',
  vehicleModel: 'Hiace',
  vehicleYear: '2019',
  vehicleLicensePlate: 'bb bb 12',
  fullNameOwner: 'María José Muñoz',
  rutOwner: '11.111.111-1',
  addressOwner: 'Av. Grecia 123, Ñuñoa',
  nationalityOwner: 'Chilena',
  phoneOwner: '987654321',
  emailOwner: 'maria.munoz@gmail.com',
}

/** The simple power operations called as a script would call them, without a route in between. */
describe.each(engines)('simple power operations on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  /** The page's multipart form: the link's token, both sides' fields and the owner's ID images. */
  async function powerForm(token: string, phoneOwner = fields.phoneOwner) {
    const form = new FormData()
    form.set('power', token)
    for (const [k, v] of Object.entries({ ...fields, phoneOwner })) form.set(k, v)
    form.set('files[cedula_identidad_frontal_owner]', fileOf(await samplePng(), 'frente.png', 'image/png'))
    form.set('files[cedula_identidad_posterior_owner]', fileOf(await sampleJpeg(), 'atras.jpg', 'image/jpeg'))
    return form
  }
  const driver = async () => ({ userId: (await userWithSession(p)).user.id })
  const written = async () => ({
    powers: (await p.db.selectFrom('simple_powers').select('id').execute()).length,
    files: (await p.db.selectFrom('user_files').select('id').execute()).length,
    messages: (await outbox(p)).length,
    spent: (await p.db.selectFrom('simple_power_links').select('id').where('used_at', 'is not', null).execute()).length,
  })

  it("issues, lists and verifies the driver's link; refuses one for a name the message cannot carry", async () => {
    const camila = await driver()
    const link = await createPowerLink(p, camila)
    expect(link).toEqual({
      message: M.linkCreated,
      token: expect.any(String),
      path: powerLinkPath(link.token),
      expires_at: expect.any(String),
    })
    const rows = await p.db
      .selectFrom('simple_power_links')
      .select(['id', 'user_id', 'created_at', 'used_at'])
      .execute()
    expect(rows).toEqual([
      { id: expect.any(Number), user_id: camila.userId, created_at: expect.any(String), used_at: null },
    ])
    // Seven days from the second it was issued in.
    const issued = Math.floor(Date.parse(rows[0]!.created_at) / 1000) * 1000
    expect(link.expires_at).toBe(new Date(issued + POWER_LINK_TTL_SECONDS * 1000).toISOString())
    expect(await listPowerLinks(p, camila)).toEqual({
      links: [
        { id: rows[0]!.id, created_at: rows[0]!.created_at, expires_at: link.expires_at, used_at: null, state: 'sent' },
      ],
    })
    expect(await listPowerLinks(p, await driver())).toEqual({ links: [] })
    expect(await verifyPowerLink(p, { power: link.token })).toEqual({
      status: 200,
      body: {
        expires_at: link.expires_at,
        driver: { fullNameDriver: 'Camila Pérez', rutDriver: '', addressDriver: 'Av. Siempre Viva 742' },
      },
    })
    expect(await verifyPowerLink(p, { power: 'nada' })).toEqual({
      status: 404,
      body: { message: M.invalidLink, state: 'invalid' },
    })

    await p.db.updateTable('users').set({ firstname: 'Camila <b>' }).where('id', '=', camila.userId).execute()
    await expect(createPowerLink(p, camila)).rejects.toMatchObject({ status: 400, messages: M.linkNeedsName })
    expect(await p.db.selectFrom('simple_power_links').select('id').execute()).toHaveLength(1)
  })

  it('creates the power with a live link: spends it, files the PDF as PENDING and messages the owner', async () => {
    const camila = await driver()
    const { token } = await createPowerLink(p, camila)
    const created = await createSimplePower(p, await powerForm(token))
    expect(created).toEqual({
      status: 201,
      body: {
        message: M.created,
        id_power: expect.any(Number),
        document: expect.objectContaining({ purpose_name: POWER_SLOT, file_status: 'PENDING' }),
      },
    })
    const power = await p.db
      .selectFrom('simple_powers')
      .innerJoin('user_files', 'user_files.id', 'simple_powers.document_file_id')
      .select(['simple_powers.id', 'simple_powers.user_id', 'status', 'vehicle_license_plate', 'storage_key'])
      .executeTakeFirstOrThrow()
    expect(power).toMatchObject({
      id: created.status === 201 ? created.body.id_power : null,
      user_id: camila.userId,
      status: 'PENDING_SIGNATURE',
      vehicle_license_plate: 'BBBB12',
    })
    expect(await written()).toEqual({ powers: 1, files: 1, messages: 1, spent: 1 })

    // The owner's message, sent to the phone with Chile's 56, carries the review link of the PDF.
    const [message] = await outbox(p)
    expect(message).toMatchObject({ channel: 'whatsapp', recipient: '56987654321' })
    const review = /\/api\/users\/power-simple-document\/(\S+)/.exec(message!.body_text)!
    expect(message!.body_text).toBe(
      ownerMessage(
        { ownerName: fields.fullNameOwner, driverName: 'Camila Pérez', driverRut: null, plate: 'BBBB12', year: 2019 },
        `${p.publicUrl}${review[0]}`,
        p.config.TEAM_EMAIL,
      ),
    )
    const pdf = await getSimplePowerDocument(p, { token: decodeURIComponent(review[1]!) })
    expect(pdf.filename).toBe('poder-simple-BBBB12.pdf')
    expect(pdf.bytes).toEqual(await p.files.get(power.storage_key))
    await expect(getSimplePowerDocument(p, { token })).rejects.toMatchObject({ status: 404 })

    // Spent: the same link answers «used» and writes nothing more.
    const again = await createSimplePower(p, await powerForm(token))
    expect(again).toMatchObject({ status: 410, body: { message: M.usedLink, state: 'used' } })
    expect((await verifyPowerLink(p, { power: token })).status).toBe(410)
    expect(await written()).toEqual({ powers: 1, files: 1, messages: 1, spent: 1 })
  })

  it('refuses an invalid token (403) and a phone over its limit (PowerLimitError), writing nothing', async () => {
    await expect(createSimplePower(p, await powerForm('nada'))).rejects.toMatchObject({
      status: 403,
      messages: M.invalidLink,
    })
    expect(await written()).toEqual({ powers: 0, files: 0, messages: 0, spent: 0 })

    const first = await createPowerLink(p, await driver())
    expect((await createSimplePower(p, await powerForm(first.token))).status).toBe(201)
    p.advance(60_000)
    const second = await createPowerLink(p, await driver())
    const refused = await createSimplePower(p, await powerForm(second.token)).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(PowerLimitError)
    expect(refused).toMatchObject({ status: 429, messages: M.phoneCap })
    // Until the first power, a minute old (and the moments the calls took), leaves the 24 hours.
    const wait = (refused as PowerLimitError).retryAfterSeconds
    expect(wait).toBeLessThanOrEqual(POWER_MESSAGE_LIMITS.windowMs / 1000 - 60)
    expect(wait).toBeGreaterThan(POWER_MESSAGE_LIMITS.windowMs / 1000 - 120)
    expect(await written()).toEqual({ powers: 1, files: 1, messages: 1, spent: 1 })
    expect((await verifyPowerLink(p, { power: second.token })).status).toBe(200)
    // Another phone is not limited by the first one's message.
    expect((await createSimplePower(p, await powerForm(second.token, '961837254'))).status).toBe(201)
  })
})
