import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES, profileSchema } from '#domain/validation/profile'
import { PROFILE_IMAGE_MESSAGES } from '#domain/validation/profile-image'
import { engines } from '#services/testing/database'
import type { TestPlatform } from '#services/testing/platform'
import {
  PROFILE_SERVICE_MESSAGES,
  profileImagePath,
  readProfile,
  updateProfile,
  updateProfileImage,
} from './profile-operations'
import type { DriverActor } from './shared'
import { fileOf, platformWithDrivers, sampleExe, sampleJpeg, samplePng } from './test-helpers'

/** The profile as the form's schema gives it: the phone as registration stores it, Moto in Providencia. */
const values = profileSchema.parse({
  firstname: 'Valentina',
  lastname: 'Rojas',
  address: 'Los Leones 100',
  about_me: 'Reparto en moto.',
  phone: '+56 9 8765 4321',
  id_vehicle: 3,
  id_commune: 13123,
})

/** The profile operations called as a script would call them, without a route in between. */
describe.each(engines)('driver profile operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor
  let pedro: DriverActor

  beforeEach(async () => ({ p, camila, pedro } = await platformWithDrivers(engine)))
  afterEach(async () => p.destroy())

  const stored = (driver: DriverActor) =>
    p.db
      .selectFrom('users')
      .select(['firstname', 'lastname', 'address', 'about_me', 'phone', 'id_vehicle', 'id_commune', 'img_profile'])
      .where('id', '=', driver.userId)
      .executeTakeFirstOrThrow()

  it('saves the data and answers the profile as saved, with the names of the vehicle and the commune', async () => {
    const saved = {
      firstname: 'Valentina',
      lastname: 'Rojas',
      address: 'Los Leones 100',
      about_me: 'Reparto en moto.',
      phone: '56987654321',
      id_vehicle: 3,
      id_commune: 13123,
    }
    expect(await updateProfile(p, camila, values)).toMatchObject({
      message: PROFILE_SERVICE_MESSAGES.updated,
      ...saved,
      name_vehicle: 'Moto',
      name_commune: 'Providencia',
    })
    expect(await stored(camila)).toEqual({ ...saved, img_profile: null })
    expect(await readProfile(p, camila)).toMatchObject({ ...saved, name_vehicle: 'Moto', name_commune: 'Providencia' })
    expect(await stored(pedro)).toMatchObject({ firstname: 'Pedro', phone: null })
  })

  it('refuses a phone another account has (409) and a commune not in the list (400), changing nothing', async () => {
    await updateProfile(p, camila, values)
    await expect(updateProfile(p, pedro, { ...values, firstname: 'Pedrito' })).rejects.toMatchObject({
      status: 409,
      messages: PROFILE_SERVICE_MESSAGES.phoneTaken,
    })
    await expect(
      updateProfile(p, pedro, { ...values, phone: undefined, id_commune: 13199, firstname: 'Pedrito' }),
    ).rejects.toMatchObject({ status: 400, messages: PROFILE_MESSAGES.invalidOption })
    expect(await stored(pedro)).toMatchObject({ firstname: 'Pedro', phone: null, id_commune: null })
  })

  it('stores the photo as a 256×256 JPEG and a new one replaces it, row and file', async () => {
    const first = await updateProfileImage(p, camila, { newProfileImage: fileOf(await samplePng(800, 400), 'yo.png') })
    const rows = () => p.db.selectFrom('profile_images').selectAll().where('user_id', '=', camila.userId).execute()
    const [row] = await rows()
    expect(first).toEqual({ message: PROFILE_SERVICE_MESSAGES.imageUpdated, img_profile: profileImagePath(row!.id) })
    expect(row).toMatchObject({ mime_type: 'image/jpeg' })
    const meta = await sharp((await p.files.get(row!.storage_key))!).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256])
    expect((await stored(camila)).img_profile).toBe(first.img_profile)

    const second = await updateProfileImage(p, camila, { newProfileImage: fileOf(await sampleJpeg(), 'yo.jpg') })
    const after = await rows()
    expect(after.map((r) => profileImagePath(r.id))).toEqual([second.img_profile])
    expect((await stored(camila)).img_profile).toBe(second.img_profile)
    expect(await p.files.get(row!.storage_key)).toBeNull()
  })

  it('refuses no file and a file that is not a PNG or JPEG, writing nothing', async () => {
    await expect(updateProfileImage(p, camila, { newProfileImage: null })).rejects.toMatchObject({
      status: 400,
      messages: PROFILE_IMAGE_MESSAGES.required,
    })
    await expect(
      updateProfileImage(p, camila, { newProfileImage: fileOf(sampleExe, 'yo.jpg', 'image/jpeg') }),
    ).rejects.toMatchObject({ status: 400 })
    expect(await p.db.selectFrom('profile_images').select('id').execute()).toEqual([])
    expect((await stored(camila)).img_profile).toBeNull()
  })
})
