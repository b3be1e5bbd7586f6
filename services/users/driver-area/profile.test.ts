import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PROFILE_IMAGE_MESSAGES } from '#domain/validation/profile-image'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { PROFILE_SERVICE_MESSAGES } from './profile-operations'
import { fileOf, formWith, sampleExe, sampleJpeg, samplePdf, samplePng, userWithSession } from './test-helpers'

describe.each(engines)('driver profile on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const profile = {
    firstname: 'Valentina',
    lastname: 'Rojas',
    address: 'Los Leones 100',
    about_me: 'Reparto en moto.',
    phone: 987654321,
  }

  it('reads and updates the driver data, the phone normalised like at registration', async () => {
    const a = await userWithSession(p)
    const before = await api.get('/users/get-extra-data-user', a.headers)
    expect(before.body).toMatchObject({
      firstname: 'Camila',
      lastname: 'Pérez',
      address: 'Av. Siempre Viva 742',
      about_me: 'Conductora de reparto.',
    })
    const res = await api.post('/users/update-data-user', { data: profile }, a.headers)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      message: PROFILE_SERVICE_MESSAGES.updated,
      firstname: 'Valentina',
      phone: '56987654321',
    })
    const after = await api.get('/users/get-extra-data-user', a.headers)
    expect(after.body).toMatchObject({
      firstname: 'Valentina',
      lastname: 'Rojas',
      address: 'Los Leones 100',
      about_me: 'Reparto en moto.',
      phone: '56987654321',
    })
    // Flat bodies work too; an omitted phone keeps the stored one.
    const flat = await api.post(
      '/users/update-data-user',
      { firstname: 'Vale', lastname: 'Rojas', address: '', about_me: '' },
      a.headers,
    )
    expect(flat.body).toMatchObject({ firstname: 'Vale', address: null, about_me: null, phone: '56987654321' })
  })

  it.each([
    [{ firstname: '' }, 'Campo requerido'],
    [{ lastname: 'x'.repeat(51) }, 'Máximo 50 caracteres'],
    [{ address: 'x'.repeat(51) }, 'Máximo 50 caracteres'],
    [{ about_me: 'x'.repeat(501) }, 'Máximo 500 caracteres'],
    [{ phone: '98765abc' }, 'El teléfono solo puede contener números'],
    [{ phone: '1234' }, 'Ingresa un celular chileno válido, por ejemplo +56 9 8765 4321'],
    [{ phone: '123456789' }, 'Ingresa un celular chileno válido, por ejemplo +56 9 8765 4321'],
    [{ phone: '+56 2 2876 5432' }, 'Ingresa un celular chileno válido, por ejemplo +56 9 8765 4321'],
    [{ firstname: 42 }, 'Valor inválido'],
  ])('refuses %j with a Spanish 400 and changes nothing', async (change, message) => {
    const a = await userWithSession(p)
    const res = await api.post('/users/update-data-user', { ...profile, ...change }, a.headers)
    expect(res.status).toBe(400)
    expect(([] as string[]).concat(res.body.message)).toContain(message)
    expect((await api.get('/users/get-extra-data-user', a.headers)).body.firstname).toBe('Camila')
  })

  it(
    'stores the vehicle type and commune the driver states, reads them back with ' +
      'their names, keeps them when absent and clears them when empty',
    async () => {
      const a = await userWithSession(p)
      const none = await api.get('/users/get-extra-data-user', a.headers)
      expect(none.body).toMatchObject({ id_vehicle: null, name_vehicle: null, id_commune: null, name_commune: null })
      const res = await api.post(
        '/users/update-data-user',
        { data: { ...profile, id_vehicle: '3', id_commune: 13123 } },
        a.headers,
      )
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        id_vehicle: 3,
        name_vehicle: 'Moto',
        id_commune: 13123,
        name_commune: 'Providencia',
      })
      const row = await p.db
        .selectFrom('users')
        .select(['id_vehicle', 'id_commune'])
        .where('id', '=', a.user.id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ id_vehicle: 3, id_commune: 13123 })
      // The spec §7 body without them leaves them as they were.
      expect((await api.post('/users/update-data-user', profile, a.headers)).body).toMatchObject({
        id_vehicle: 3,
        id_commune: 13123,
      })
      expect((await api.get('/users/get-extra-data-user', a.headers)).body).toMatchObject({
        id_vehicle: 3,
        name_vehicle: 'Moto',
        id_commune: 13123,
        name_commune: 'Providencia',
      })
      // Empty means "not stated".
      const cleared = await api.post(
        '/users/update-data-user',
        { ...profile, id_vehicle: '', id_commune: null },
        a.headers,
      )
      expect(cleared.body).toMatchObject({ id_vehicle: null, name_vehicle: null, id_commune: null, name_commune: null })
    },
  )

  it.each([
    [{ id_vehicle: 4 }, 'Selecciona una opción válida'],
    [{ id_vehicle: 'moto' }, 'Selecciona una opción válida'],
    [{ id_vehicle: -1 }, 'Selecciona una opción válida'],
    [{ id_commune: 13199 }, 'Selecciona una opción válida'],
    [{ id_commune: 1.5 }, 'Selecciona una opción válida'],
    [{ id_commune: { id: 13123 } }, 'Selecciona una opción válida'],
    [{ id_commune: 13123, id_region: 5000 }, 'La comuna no pertenece a la región seleccionada'],
  ])('refuses the reference id %j with a Spanish 400 and writes nothing', async (change, message) => {
    const a = await userWithSession(p)
    const res = await api.post('/users/update-data-user', { ...profile, id_vehicle: 2, ...change }, a.headers)
    expect(res.status).toBe(400)
    expect(([] as string[]).concat(res.body.message)).toContain(message)
    const row = await p.db
      .selectFrom('users')
      .select(['firstname', 'id_vehicle', 'id_commune'])
      .where('id', '=', a.user.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ firstname: 'Camila', id_vehicle: null, id_commune: null })
  })

  it.each(['+56 9 8765 4321', '9 8765-4321', '(+56) 9 8765 4321'])(
    'takes the phone as Chileans write it (%j) and stores 569XXXXXXXX',
    async (typed) => {
      const a = await userWithSession(p)
      const res = await api.post('/users/update-data-user', { ...profile, phone: typed }, a.headers)
      expect(res.status).toBe(200)
      expect(res.body.phone).toBe('56987654321')
      expect(
        (await p.db.selectFrom('users').select('phone').where('id', '=', a.user.id).executeTakeFirstOrThrow()).phone,
      ).toBe('56987654321')
    },
  )

  it('refuses a phone another account uses with 409', async () => {
    const a = await userWithSession(p)
    const b = await userWithSession(p)
    expect((await api.post('/users/update-data-user', profile, a.headers)).status).toBe(200)
    const taken = await api.post('/users/update-data-user', { ...profile, phone: '56987654321' }, b.headers)
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe(PROFILE_SERVICE_MESSAGES.phoneTaken)
  })

  it('re-encodes the profile image as a 256×256 JPEG served only to its owner', async () => {
    const a = await userWithSession(p)
    const b = await userWithSession(p)
    const res = await api.call('POST', '/users/update-profile-image', {
      form: formWith({ newProfileImage: fileOf(await samplePng(800, 400), 'yo.png', 'image/png') }),
      headers: a.headers,
    })
    expect(res.status).toBe(200)
    expect(res.body.img_profile).toMatch(/^\/users\/profile-image\/\d+$/)
    const image = await api.app.request(res.body.img_profile, { headers: a.headers })
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(new Uint8Array(await image.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256])
    expect((await api.get(res.body.img_profile, b.headers)).status).toBe(404)
    expect((await api.get('/users/get-extra-data-user', a.headers)).body.img_profile).toBe(res.body.img_profile)

    // A new picture replaces the old one, whose URL stops working.
    const again = await api.call('POST', '/users/update-profile-image', {
      form: formWith({ newProfileImage: fileOf(await sampleJpeg(), 'yo.jpg', 'image/jpeg') }),
      headers: a.headers,
    })
    expect(again.status).toBe(200)
    expect((await api.get(res.body.img_profile, a.headers)).status).toBe(404)
    expect(await p.db.selectFrom('profile_images').select('id').execute()).toHaveLength(1)
  })

  it('refuses a missing, oversized, disguised or broken image', async () => {
    const a = await userWithSession(p)
    const send = (file?: File) =>
      api.call('POST', '/users/update-profile-image', {
        form: file ? formWith({ newProfileImage: file }) : new FormData(),
        headers: a.headers,
      })
    const missing = await send()
    expect([missing.status, missing.body.message]).toEqual([400, PROFILE_IMAGE_MESSAGES.required])
    const big = new Uint8Array(3 * 1024 * 1024 + 1)
    big.set(await samplePng())
    const tooBig = await send(fileOf(big, 'yo.png', 'image/png'))
    expect([tooBig.status, tooBig.body.message]).toEqual([413, PROFILE_IMAGE_MESSAGES.tooLarge])
    expect((await send(fileOf(samplePdf, 'yo.png', 'image/png'))).body.message).toBe(PROFILE_IMAGE_MESSAGES.invalidType)
    expect((await send(fileOf(sampleExe, 'yo.jpg', 'image/jpeg'))).status).toBe(400)
    expect((await send(fileOf(await samplePng(), 'yo.gif', 'image/gif'))).status).toBe(400)
    const truncated = (await samplePng()).slice(0, 40)
    const broken = await send(fileOf(truncated, 'yo.png', 'image/png'))
    expect([broken.status, broken.body.message]).toEqual([400, PROFILE_SERVICE_MESSAGES.imageUnreadable])
    expect(await p.db.selectFrom('profile_images').select('id').execute()).toHaveLength(0)
  })

  it('answers 401 without a token and 403 to a company', async () => {
    const company = await userWithSession(p, 'business')
    expect((await api.get('/users/get-extra-data-user')).status).toBe(401)
    expect((await api.post('/users/update-data-user', profile)).status).toBe(401)
    expect((await api.get('/users/get-extra-data-user', company.headers)).status).toBe(403)
    expect((await api.post('/users/update-data-user', profile, company.headers)).status).toBe(403)
    expect(
      (await api.call('POST', '/users/update-profile-image', { form: new FormData(), headers: company.headers }))
        .status,
    ).toBe(403)
    expect((await api.get('/users/profile-image/1', company.headers)).status).toBe(403)
  })
})
