import fs from 'node:fs'
import path from 'node:path'
import { decodeJwt } from 'jose'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { POWER_MESSAGES, ownerIdImageInvalidTypeMessage, ownerIdImageTooLargeMessage } from '#domain/validation/power'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { fileOf, sampleJpeg, samplePdf, samplePng, userWithSession } from '#services/users/driver-area/test-helpers'
import { pdfPageImages, pdfText } from './pdf-text'
import { POWER_SERVICE_MESSAGES as M, POWER_SLOT } from './power-operations'
import { POWER_LINK_TTL_SECONDS } from './tokens'

const driverSide = {
  fullNameDriver: 'Juan Andrés Peña',
  rutDriver: '12.345.678-5',
  addressDriver: 'Los Aromos 45, Maipú',
  nationalityDriver: 'Chilena',
  vehicleBrand: 'Toyota',
  vehicleModel: 'Hiace',
  vehicleYear: '2019',
  vehicleLicensePlate: 'bb bb 12',
}
const ownerSide = {
  fullNameOwner: 'María José Muñoz',
  rutOwner: '11.111.111-1',
  addressOwner: 'Av. Grecia 123, Ñuñoa',
  nationalityOwner: 'Chilena',
  phoneOwner: '987654321',
  emailOwner: 'maria.munoz@gmail.com',
}

/** A PNG padded with zeros to exactly `size` bytes (still a PNG by its signature). */
async function pngOfSize(size: number) {
  const bytes = new Uint8Array(size)
  bytes.set(await samplePng())
  return bytes
}

describe.each(engines)('simple power on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const issue = async (headers: Record<string, string>, body?: unknown) =>
    api.post('/users/create-power-simple-link', body, headers)
  async function linkFor() {
    const driver = await userWithSession(p)
    const res = await issue(driver.headers)
    expect(res.status).toBe(201)
    return { driver, token: res.body.token as string }
  }
  async function form(
    token: string | null,
    fields: Record<string, string> = { ...driverSide, ...ownerSide },
    files?: { front?: File; back?: File },
  ) {
    const f = new FormData()
    if (token !== null) f.set('power', token)
    for (const [k, v] of Object.entries(fields)) f.set(k, v)
    const front = files?.front ?? fileOf(await samplePng(), 'frente.png', 'image/png')
    const back = files?.back ?? fileOf(await sampleJpeg(), 'atras.jpg', 'image/jpeg')
    if (front.size || files?.front) f.set('files[cedula_identidad_frontal_owner]', front)
    if (back.size || files?.back) f.set('files[cedula_identidad_posterior_owner]', back)
    return f
  }
  const create = (f: FormData, headers: Record<string, string> = {}) =>
    api.call('POST', '/users/create-power-simple', { form: f, headers })
  const counts = async () => ({
    powers: (await p.db.selectFrom('simple_powers').select('id').execute()).length,
    files: (await p.db.selectFrom('user_files').select('id').execute()).length,
    outbox: (await outbox(p)).length,
    stored: fs.existsSync(path.join(p.config.dataDir, 'uploads'))
      ? fs
          .readdirSync(path.join(p.config.dataDir, 'uploads'), { recursive: true })
          .filter((f) => String(f).includes('.')).length
      : 0,
  })
  const nothing = { powers: 0, files: 0, outbox: 0, stored: 0 }

  describe('the link', () => {
    it('is issued only to a driver, for that driver: signed, with purpose, iat, exp 7 days and a jti', async () => {
      const a = await userWithSession(p)
      const b = await userWithSession(p)
      const res = await issue(b.headers, { driverId: a.user.id, sub: String(a.user.id) })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe(M.linkCreated)
      expect(res.body.path).toBe(`/crear-poder-simple?power=${encodeURIComponent(res.body.token)}`)
      const claims = decodeJwt(res.body.token)
      expect(claims.sub).toBe(String(b.user.id))
      expect(claims.purpose).toBe('simple-power')
      expect(claims.exp! - claims.iat!).toBe(POWER_LINK_TTL_SECONDS)
      expect(claims.jti).toMatch(/^[A-Za-z0-9_-]{20,}$/)
      const row = await p.db
        .selectFrom('simple_power_links')
        .selectAll()
        .where('jti', '=', claims.jti!)
        .executeTakeFirstOrThrow()
      expect(row.user_id).toBe(b.user.id)
      expect(row.used_at).toBeNull()
    })

    it('anonymous callers get 401, companies and admins 403', async () => {
      expect((await issue({})).status).toBe(401)
      expect((await issue({ 'auth-user': 'x.y.z' })).status).toBe(401)
      const company = await userWithSession(p, 'business')
      expect((await issue(company.headers)).status).toBe(403)
      expect((await issue({ 'auth-user': company.token })).status).toBe(403)
      const admin = await userWithSession(p, 'admin')
      expect((await issue(admin.headers)).status).toBe(403)
      expect(await p.db.selectFrom('simple_power_links').select('id').execute()).toHaveLength(0)
    })

    it('verifies and prefills from the profile; forged, expired, foreign and session tokens are refused', async () => {
      const { driver, token } = await linkFor()
      await p.db
        .updateTable('users')
        .set({ rut: p.columns.seal('rut', '12345678-5'), rut_hmac: p.columns.hash('rut', '12345678-5') })
        .where('id', '=', driver.user.id)
        .execute()
      const ok = await api.post('/users/verify-power-simple', { power: token })
      expect(ok.status).toBe(200)
      expect(ok.body.driver).toEqual({
        fullNameDriver: 'Camila Pérez',
        rutDriver: '12345678-5',
        addressDriver: 'Av. Siempre Viva 742',
      })

      const [h, payload, sig] = token.split('.')
      const otherSub = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: '999' })).toString('base64url')
      const forged = `${h}.${otherSub}.${sig}`
      for (const bad of [forged, `${token.slice(0, -2)}xx`, driver.token, 'nada', '', undefined, 12]) {
        const res = await api.post('/users/verify-power-simple', { power: bad })
        expect(res.status).toBe(404)
        expect(res.body).toEqual({ message: M.invalidLink, state: 'invalid' })
      }
      expect(payload).toBeTruthy()
      // Another platform's key: a token signed elsewhere is not ours.
      const other = await createTestPlatform(engine)
      try {
        const foreign = await testClient(other).post(
          '/users/create-power-simple-link',
          undefined,
          (await userWithSession(other)).headers,
        )
        expect((await api.post('/users/verify-power-simple', { power: foreign.body.token })).status).toBe(404)
      } finally {
        await other.destroy()
      }

      // The clock runs on from the link's creation (another platform was made since): a minute of margin.
      p.advance(POWER_LINK_TTL_SECONDS * 1000 - 60_000)
      expect((await api.post('/users/verify-power-simple', { power: token })).status).toBe(200)
      p.advance(120_000)
      const expired = await api.post('/users/verify-power-simple', { power: token })
      expect(expired.status).toBe(410)
      expect(expired.body).toMatchObject({ message: M.expiredLink, state: 'expired', used_at: null })
      const late = await create(await form(token))
      expect(late.status).toBe(410)
      expect(late.body.message).toBe(M.expiredLink)
      expect(await counts()).toEqual(nothing)
    })

    it(
      'tells a used link (410) from an expired (410) and an invalid one (404); the ' +
        'driver lists them with their state',
      async () => {
        const { driver, token } = await linkFor()
        const second = (await issue(driver.headers)).body.token as string
        expect((await create(await form(token))).status).toBe(201)
        const used = await api.post('/users/verify-power-simple', { power: token })
        expect(used.status).toBe(410)
        expect(used.body).toMatchObject({ message: M.usedLink, state: 'used' })
        expect(used.body.used_at).toEqual(expect.any(String))
        const again = await create(await form(token))
        expect(again.status).toBe(410)
        expect(again.body.message).toBe(M.usedLink)

        let list = await api.get('/users/power-simple-links', driver.headers)
        expect(list.status).toBe(200)
        expect(list.body.links.map((l: { state: string }) => l.state)).toEqual(['sent', 'used'])
        // Seven days later (the session would have expired too: the rows' expiry is moved instead).
        await p.db
          .updateTable('simple_power_links')
          .set({ expires_at: new Date(p.now().getTime() - 1000).toISOString() })
          .execute()
        list = await api.get('/users/power-simple-links', driver.headers)
        // Used stays used after the 7 days; the unused one has expired.
        expect(list.body.links.map((l: { state: string }) => l.state)).toEqual(['expired', 'used'])
        expect((await api.post('/users/verify-power-simple', { power: token })).body.state).toBe('used')
        expect((await api.post('/users/verify-power-simple', { power: second })).body.state).toBe('expired')

        // Only the driver's own links, and only for a driver.
        const other = await userWithSession(p)
        expect((await api.get('/users/power-simple-links', other.headers)).body.links).toEqual([])
        expect((await api.get('/users/power-simple-links', {})).status).toBe(401)
        expect(
          (await api.get('/users/power-simple-links', (await userWithSession(p, 'business')).headers)).status,
        ).toBe(403)
      },
    )
  })

  describe('create-power-simple', () => {
    it('stores the power, attaches the PDF as PENDING, queues the WhatsApp message and spends the token', async () => {
      const { driver, token } = await linkFor()
      // The message names the driver as the account does (decision 73): here the same as the form.
      await p.db
        .updateTable('users')
        .set({ firstname: 'Juan Andrés', lastname: 'Peña' })
        .where('id', '=', driver.user.id)
        .execute()
      const res = await create(await form(token))
      expect(res.status).toBe(201)
      expect(res.body.message).toBe(M.created)
      expect(res.body.document).toMatchObject({
        purpose_name: POWER_SLOT,
        file_status: 'PENDING',
        type_name: 'application/pdf',
      })

      const docs = await api.get('/users/obtain-all-documents-user', driver.headers)
      expect(docs.body).toEqual([res.body.document])
      const pdf = await api.app.request(res.body.document.url_file, { headers: driver.headers })
      expect(pdf.status).toBe(200)
      expect(pdf.headers.get('content-type')).toBe('application/pdf')
      const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
      for (const part of [
        'PODER SIMPLE',
        'María José Muñoz',
        'Juan Andrés Peña',
        '11.111.111-1',
        '12.345.678-5',
        'BBBB12',
        'Toyota',
        'Hiace',
        '2019',
        'Firma del (de la) propietario(a)',
        'Ñuñoa',
      ]) {
        expect(text).toContain(part)
      }

      const stored = await p.db.selectFrom('simple_powers').selectAll().executeTakeFirstOrThrow()
      // Both RUTs are stored encrypted (decision 80), and open to what the form sent.
      expect(stored.rut_driver).toMatch(/^v1:/)
      expect(stored.rut_owner).toMatch(/^v1:/)
      const power = {
        ...stored,
        rut_driver: p.columns.open('rut', stored.rut_driver),
        rut_owner: p.columns.open('rut', stored.rut_owner),
      }
      expect(power).toMatchObject({
        user_id: driver.user.id,
        rut_driver: '12345678-5',
        rut_owner: '11111111-1',
        vehicle_license_plate: 'BBBB12',
        vehicle_year: 2019,
        phone_owner: '987654321',
        id_front_mime: 'image/png',
        id_back_mime: 'image/jpeg',
        status: 'PENDING_SIGNATURE',
        document_file_id: res.body.document.id_file,
      })
      expect(await p.files.get(power.id_front_key)).toEqual(await samplePng())
      expect(power.id_front_key).toMatch(/^powers\//)

      const messages = await outbox(p)
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatchObject({ channel: 'whatsapp', recipient: '56987654321', status: 'pending' })
      expect(messages[0]!.body_text).toContain('Juan Andrés Peña')
      expect(messages[0]!.body_text).toContain('BBBB12')
      const review = /http:\/\/localhost:3000\/api(\/users\/power-simple-document\/\S+)/.exec(messages[0]!.body_text)
      expect(review).not.toBeNull()
      const reviewed = await api.app.request(review![1]!)
      expect(reviewed.status).toBe(200)
      expect(reviewed.headers.get('content-type')).toBe('application/pdf')
      expect((await api.app.request('/users/power-simple-document/forged.token.here')).status).toBe(404)
      expect((await api.app.request(`/users/power-simple-document/${token}`)).status).toBe(404)

      const link = await p.db.selectFrom('simple_power_links').selectAll().executeTakeFirstOrThrow()
      expect(link.used_at).not.toBeNull()
      // Spent: the same token is refused, and nothing more is written.
      const again = await create(await form(token))
      expect(again.status).toBe(410)
      expect(again.body.message).toBe(M.usedLink)
      expect((await api.post('/users/verify-power-simple', { power: token })).status).toBe(410)
      expect((await counts()).powers).toBe(1)
      expect((await outbox(p)).length).toBe(1)
    })

    it('puts both ID images in the PDF as pages 2 and 3, and says so', async () => {
      const { driver, token } = await linkFor()
      const front = fileOf(await samplePng(400, 250), 'frente.png', 'image/png')
      const back = fileOf(await sampleJpeg(380, 240), 'atras.jpg', 'image/jpeg')
      const res = await create(await form(token, undefined, { front, back }))
      expect(res.status).toBe(201)
      const bytes = new Uint8Array(
        await (await api.app.request(res.body.document.url_file, { headers: driver.headers })).arrayBuffer(),
      )
      const pages = await pdfPageImages(bytes)
      // Page 1: the power's text (no image); pages 2 and 3: one image each, the front then the back.
      expect(pages).toHaveLength(3)
      expect(pages[0]).toEqual([])
      expect(pages[1]).toEqual([{ width: 400, height: 250, filter: '/DCTDecode' }])
      expect(pages[2]).toEqual([{ width: 380, height: 240, filter: '/DCTDecode' }])
      const text = await pdfText(bytes)
      expect(text).toContain(
        'Se adjuntan, en las dos páginas siguientes (anexos 1 y 2), copias de la cédula de identidad del',
      )
      expect(text).toContain('Anexo 1: cédula de identidad del (de la) propietario(a), anverso')
      expect(text).toContain('Anexo 2: cédula de identidad del (de la) propietario(a), reverso')
    })

    it(
      'refuses an ID image that cannot be decoded (a PNG signature over garbage) with ' + '400, writing nothing',
      async () => {
        const { token } = await linkFor()
        const broken = new Uint8Array(2000)
        broken.set((await samplePng()).slice(0, 16))
        const res = await create(await form(token, undefined, { back: fileOf(broken, 'atras.png', 'image/png') }))
        expect(res.status).toBe(400)
        expect(res.body.message).toBe(
          'No se pudo leer la imagen: Cédula de identidad (posterior). Sube una foto PNG o JPG nítida.',
        )
        expect(await counts()).toEqual(nothing)
      },
    )

    it('needs a live token, not a session: none, forged, a session token', async () => {
      const { driver, token } = await linkFor()
      expect((await create(await form(null), driver.headers)).status).toBe(403)
      expect((await create(await form(driver.token), driver.headers)).status).toBe(403)
      expect((await create(await form(`${token}x`))).status).toBe(403)
      expect(
        (await api.call('POST', '/users/create-power-simple', { json: { power: token, ...driverSide, ...ownerSide } }))
          .status,
      ).toBe(400)
      expect(await counts()).toEqual(nothing)
    })

    it('validates every field again with the domain schema and answers every message', async () => {
      const { token } = await linkFor()
      const res = await create(
        await form(token, {}, { front: fileOf(new Uint8Array(), 'x.png'), back: fileOf(new Uint8Array(), 'y.png') }),
      )
      expect(res.status).toBe(400)
      // Every empty field, the plate, phone and email included, says the one required message (decision 57).
      expect(res.body.message).toBe(POWER_MESSAGES.required)
      const bad = await create(
        await form(token, {
          ...driverSide,
          ...ownerSide,
          rutDriver: '12345678-K',
          rutOwner: '123',
          vehicleLicensePlate: 'ABC1234',
          vehicleYear: '2004',
          phoneOwner: '887654321',
          emailOwner: 'x@fleeters.cl',
        }),
      )
      expect(bad.status).toBe(400)
      expect(bad.body.message).toEqual([
        'Dígito verificador inválido',
        expect.stringMatching(/^Selecciona un año entre 2005 y \d{4}$/),
        'Formato de patente inválido',
        'Formato de RUT inválido',
        'El teléfono debe comenzar con 9',
        'Correo electrónico inválido',
      ])
      expect(await counts()).toEqual(nothing)
      // The token is not spent by a refused submission.
      expect((await create(await form(token))).status).toBe(201)
    })

    it('counts the vehicle years from its clock: in November 2026, 2027 is accepted and 2028 refused', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        vi.setSystemTime(new Date('2026-11-23T16:47:00-03:00'))
        const { token } = await linkFor()
        const late = await create(await form(token, { ...driverSide, ...ownerSide, vehicleYear: '2028' }))
        expect(late.status).toBe(400)
        expect(late.body.message).toBe('Selecciona un año entre 2005 y 2027')
        expect(await counts()).toEqual(nothing)
        expect((await create(await form(token, { ...driverSide, ...ownerSide, vehicleYear: '2027' }))).status).toBe(201)
        const stored = await p.db.selectFrom('simple_powers').select('vehicle_year').executeTakeFirstOrThrow()
        expect(stored.vehicle_year).toBe(2027)

        // A year later the list has moved on: 2028 is accepted (a new link; the first one is spent).
        vi.setSystemTime(new Date('2027-11-23T16:47:00-03:00'))
        const next = await linkFor()
        expect(
          (await create(await form(next.token, { ...driverSide, ...ownerSide, vehicleYear: '2029' }))).body.message,
        ).toBe('Selecciona un año entre 2005 y 2028')
        expect(
          (await create(await form(next.token, { ...driverSide, ...ownerSide, vehicleYear: '2028' }))).status,
        ).toBe(201)
      } finally {
        vi.useRealTimers()
      }
    })

    it(
      'checks the images by content and size: 3145727 bytes pass, 3145728 do not, a PDF ' + 'named .png is refused',
      async () => {
        const { token } = await linkFor()
        const pdfAsPng = await create(
          await form(token, undefined, { back: fileOf(samplePdf, 'atras.png', 'image/png') }),
        )
        expect(pdfAsPng.status).toBe(400)
        expect(pdfAsPng.body.message).toBe(ownerIdImageInvalidTypeMessage('Cédula de identidad (posterior)'))
        const wrongName = await create(
          await form(token, undefined, { front: fileOf(samplePdf, 'frente.pdf', 'application/pdf') }),
        )
        expect(wrongName.body.message).toBe(ownerIdImageInvalidTypeMessage('Cédula de identidad (frontal)'))
        const tooBig = await create(
          await form(token, undefined, { front: fileOf(await pngOfSize(3145728), 'frente.png', 'image/png') }),
        )
        expect(tooBig.status).toBe(400)
        expect(tooBig.body.message).toBe(ownerIdImageTooLargeMessage('Cédula de identidad (frontal)'))
        const twice = await form(token)
        twice.append('files[cedula_identidad_frontal_owner]', fileOf(await samplePng(), 'otra.png', 'image/png'))
        expect((await create(twice)).status).toBe(400)
        const plainNames = await form(token)
        plainNames.set('cedula_identidad_frontal_owner', plainNames.get('files[cedula_identidad_frontal_owner]')!)
        plainNames.delete('files[cedula_identidad_frontal_owner]')
        expect((await create(plainNames)).body.message).toBe('Campo requerido')
        expect(await counts()).toEqual(nothing)

        const largest = await create(
          await form(token, undefined, { front: fileOf(await pngOfSize(3145727), 'frente.png', 'image/png') }),
        )
        expect(largest.status).toBe(201)
        const power = await p.db.selectFrom('simple_powers').select('id_front_key').executeTakeFirstOrThrow()
        expect((await p.files.get(power.id_front_key))!.byteLength).toBe(3145727)
      },
    )

    it(
      'sends no text or link a driver wrote: the phishing request is refused, and the ' + 'message names the account',
      async () => {
        const { driver, token } = await linkFor()
        // The request of the report: the owner's phone is the victim's, the texts are the bait.
        const bait = {
          ...driverSide,
          ...ownerSide,
          phoneOwner: '955443322',
          fullNameDriver: 'Banco Estado Seguridad',
          vehicleBrand: 'Verifica tu cuenta en https://evil.example/login',
        }
        const refused = await create(await form(token, bait))
        expect(refused.status).toBe(400)
        expect(refused.body.message).toBe(POWER_MESSAGES.noLinks)
        expect(await counts()).toEqual(nothing)
        for (const [field, value, message] of [
          ['vehicleModel', 'www.evil.example', POWER_MESSAGES.noLinks],
          ['vehicleModel', 'evil.example', POWER_MESSAGES.noLinks],
          ['vehicleBrand', 'Llama al +56 9 1234 5678', POWER_MESSAGES.vehicleText],
          ['fullNameOwner', 'Banco Estado 24/7', POWER_MESSAGES.personName],
          ['fullNameOwner', 'Ana https://evil.example', POWER_MESSAGES.personName],
          ['fullNameDriver', 'Juan www.evil.cl', POWER_MESSAGES.personName],
          ['nationalityOwner', 'Chilena.cl', POWER_MESSAGES.personName],
          ['addressOwner', 'Ver https://evil.example', POWER_MESSAGES.noLinks],
          ['addressDriver', 'evil.example/login', POWER_MESSAGES.noLinks],
          ['addressDriver', 'banco-seguro.cl', POWER_MESSAGES.noLinks],
        ]) {
          const res = await create(await form(token, { ...driverSide, ...ownerSide, [field!]: value! }))
          expect([field, res.status, res.body.message]).toEqual([field, 400, message])
        }
        expect(await counts()).toEqual(nothing)

        // Names the form may type (accents, apostrophes, hyphens), a name in the form that is not the
        // account's: the message says who asked as the account says it, and nothing else of the form.
        const ok = await create(
          await form(token, {
            ...driverSide,
            ...ownerSide,
            fullNameDriver: 'Banco Estado Seguridad',
            fullNameOwner: "María-José O'Higgins",
            vehicleBrand: 'Mercedes-Benz',
            vehicleModel: 'Sprinter 2.1',
          }),
        )
        expect(ok.status).toBe(201)
        const [message] = await outbox(p)
        expect(message!.body_text).not.toContain('Banco Estado')
        expect(message!.body_text).not.toContain('Mercedes')
        expect(message!.body_text).not.toContain('Sprinter')
        expect(message!.body_text).toContain("Hola María-José O'Higgins:")
        expect(message!.body_text).toContain(
          'Camila Pérez, conductor registrado en Fleeters, te pide autorización para ' +
            'conducir tu vehículo patente BBBB12 (año 2019).',
        )
        expect(message!.body_text).toContain(
          'Si no conoces a esta persona, ignora este mensaje o escríbenos a contacto@fleeters.cl ' +
            'para reportar un abuso.',
        )
        // The only link is the product's own.
        const links = message!.body_text.match(/\S*(:\/\/|www\.)\S*/g)
        expect(links).toHaveLength(1)
        expect(links![0]).toMatch(/^http:\/\/localhost:3000\/api\/users\/power-simple-document\//)

        // With the account's RUT, the message gives it (formatted), not the one the form typed.
        await p.db
          .updateTable('users')
          .set({ rut: p.columns.seal('rut', '11111111-1'), rut_hmac: p.columns.hash('rut', '11111111-1') })
          .where('id', '=', driver.user.id)
          .execute()
        const next = (await issue(driver.headers)).body.token as string
        expect((await create(await form(next, { ...driverSide, ...ownerSide, phoneOwner: '998877665' }))).status).toBe(
          201,
        )
        const second = (await outbox(p)).at(-1)!.body_text
        expect(second).toContain('Camila Pérez (RUT 11.111.111-1), conductor registrado en Fleeters')
        expect(second).not.toContain('12.345.678-5')
      },
    )

    it(
      'needs an account name a message can carry: no link for a driver named like a ' + 'link, no power either',
      async () => {
        const { driver, token } = await linkFor()
        await p.db
          .updateTable('users')
          .set({ firstname: 'Verifica', lastname: 'https://evil.example' })
          .where('id', '=', driver.user.id)
          .execute()
        const link = await issue(driver.headers)
        expect(link.status).toBe(400)
        expect(link.body.message).toBe(M.linkNeedsName)
        const res = await create(await form(token))
        expect(res.status).toBe(400)
        expect(res.body.message).toBe(M.driverNeedsName)
        expect(await counts()).toEqual(nothing)
        expect(
          (await p.db.selectFrom('simple_power_links').select('used_at').executeTakeFirstOrThrow()).used_at,
        ).toBeNull()
      },
    )

    it('sends at most 3 messages per driver and 1 per owner phone in 24 hours (429, nothing written)', async () => {
      const driver = await userWithSession(p)
      const link = async (who = driver) => (await issue(who.headers)).body.token as string
      const phones = ['911111111', '922222222', '933333333', '944444444']
      // The report's burst: messages to many phones in a row. Three go out.
      for (const phone of phones.slice(0, 3))
        expect(
          (await create(await form(await link(), { ...driverSide, ...ownerSide, phoneOwner: phone }))).status,
        ).toBe(201)
      const before = await counts()
      const fourth = await link()
      const capped = await create(await form(fourth, { ...driverSide, ...ownerSide, phoneOwner: phones[3]! }))
      expect(capped.status).toBe(429)
      expect(capped.body).toEqual({ message: M.driverCap })
      expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
      expect(await counts()).toEqual(before)
      expect((await api.post('/users/verify-power-simple', { power: fourth })).status).toBe(200)

      // One per phone, whichever driver asks.
      const other = await userWithSession(p)
      const again = await create(await form(await link(other), { ...driverSide, ...ownerSide, phoneOwner: phones[0]! }))
      expect(again.status).toBe(429)
      expect(again.body).toEqual({ message: M.phoneCap })
      expect(await counts()).toEqual(before)
      expect(
        (await create(await form(await link(other), { ...driverSide, ...ownerSide, phoneOwner: phones[3]! }))).status,
      ).toBe(201)

      // A day after the first ones, the driver may send again, and the phone receive again.
      p.advance(24 * 60 * 60 * 1000 + 1000)
      expect((await create(await form(fourth, { ...driverSide, ...ownerSide, phoneOwner: phones[0]! }))).status).toBe(
        201,
      )
      expect((await outbox(p)).map((m) => m.recipient)).toEqual([
        '56911111111',
        '56922222222',
        '56933333333',
        '56944444444',
        '56911111111',
      ])
    })

    it('lets only one of two simultaneous powers to one phone through', async () => {
      const a = await linkFor()
      const b = await linkFor()
      const results = await Promise.all([create(await form(a.token)), create(await form(b.token))])
      expect(results.map((r) => r.status).sort()).toEqual([201, 429])
      const c = await counts()
      expect({ powers: c.powers, outbox: c.outbox, stored: c.stored }).toEqual({ powers: 1, outbox: 1, stored: 3 })
    })

    it('writes nothing when it fails half way: a submission that loses the race to the same link', async () => {
      const { token } = await linkFor()
      const put = p.files.put.bind(p.files)
      let calls = 0
      p.files.put = async (...args) => {
        // While this request stores its files, another one spends the link.
        if (++calls === 3)
          await p.db.updateTable('simple_power_links').set({ used_at: p.now().toISOString() }).execute()
        return put(...args)
      }
      const res = await create(await form(token))
      expect(res.status).toBe(410)
      expect(res.body.message).toBe(M.usedLink)
      expect(await counts()).toEqual(nothing)
    })
  })
})
