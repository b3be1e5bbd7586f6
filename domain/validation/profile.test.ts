import { describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES as M, profileSchema, shouldSaveProfile } from './profile'
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGES as IM, profileImageSchema } from './profile-image'
import { BLANKS, errorsOf, fieldErrors } from './test-utils'

const profile = {
  firstname: 'Ana',
  lastname: 'Pérez',
  address: 'Av. Siempre Viva 123',
  about_me: 'Conductora con 5 años de experiencia.',
  phone: '56987654321',
}

describe('profileSchema', () => {
  it('accepts a valid sample', () => {
    expect(profileSchema.parse(profile)).toEqual(profile)
  })
  it('reads the phone the way Chileans write it and stores 569XXXXXXXX', () => {
    for (const typed of ['+56 9 8765 4321', '9 8765 4321', '(9) 8765-4321', '987654321', '56987654321'])
      expect(profileSchema.parse({ ...profile, phone: typed }).phone).toBe('56987654321')
  })
  it('accepts the phone as a number and optional fields missing', () => {
    expect(profileSchema.parse({ firstname: 'Ana', lastname: 'Pérez', phone: 56987654321 })).toEqual({
      firstname: 'Ana',
      lastname: 'Pérez',
      address: '',
      about_me: '',
      phone: '56987654321',
    })
    expect(
      profileSchema.parse({ firstname: 'Ana', lastname: 'Pérez', address: null, about_me: '  ', phone: '' }),
    ).toEqual({
      firstname: 'Ana',
      lastname: 'Pérez',
      address: '',
      about_me: '',
      phone: undefined,
    })
  })

  describe.each(BLANKS)('required fields with %s', (_, blank) => {
    it.each(['firstname', 'lastname'])('%s -> Campo requerido', (field) => {
      expect(errorsOf(profileSchema, { ...profile, [field]: blank })).toEqual({ [field]: [M.required] })
    })
  })

  it.each([
    ['firstname', 'x'.repeat(51), 'Máximo 50 caracteres'],
    ['lastname', 'x'.repeat(51), 'Máximo 50 caracteres'],
    ['address', 'x'.repeat(51), 'Máximo 50 caracteres'],
    ['about_me', 'x'.repeat(501), 'Máximo 500 caracteres'],
    ['phone', '98765432', M.phoneInvalid],
    ['phone', '9876543210123456', M.phoneInvalid],
    ['phone', '123456789', M.phoneInvalid],
    ['phone', '+56 2 2876 5432', M.phoneInvalid],
    ['phone', '9876a4321', M.phoneDigits],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(fieldErrors(profileSchema, { ...profile, [field]: value }, field)).toEqual([message])
  })

  it('shouldSaveProfile: nothing changed or a field empty -> false', () => {
    const current = { firstname: 'Ana', lastname: 'Pérez', address: 'Calle 1', about_me: 'Hola' }
    expect(shouldSaveProfile(current, current)).toBe(false)
    expect(shouldSaveProfile(current, { ...current, firstname: ' Ana ' })).toBe(false)
    expect(shouldSaveProfile(current, { ...current, about_me: '' })).toBe(false)
    expect(shouldSaveProfile(current, { ...current, address: 'Calle 2' })).toBe(true)
  })
})

const png = (size: number, name = 'foto.png', type = 'image/png') => new File([new Uint8Array(size)], name, { type })

describe('profileImageSchema', () => {
  it('accepts a png and a jpeg up to 3 MB', () => {
    expect(profileImageSchema.safeParse({ newProfileImage: png(1000) }).success).toBe(true)
    expect(
      profileImageSchema.safeParse({ newProfileImage: png(PROFILE_IMAGE_MAX_BYTES, 'a.jpg', 'image/jpeg') }).success,
    ).toBe(true)
    expect(profileImageSchema.safeParse({ newProfileImage: png(10, 'a.JPEG', '') }).success).toBe(true)
  })
  it.each([undefined, null, '', 'foto.png'])('requires the image (%j)', (v) => {
    expect(errorsOf(profileImageSchema, { newProfileImage: v })).toEqual({ newProfileImage: [IM.required] })
  })
  it('rejects an empty file, a large file and other types', () => {
    expect(fieldErrors(profileImageSchema, { newProfileImage: png(0) }, 'newProfileImage')).toEqual([IM.required])
    expect(
      fieldErrors(profileImageSchema, { newProfileImage: png(PROFILE_IMAGE_MAX_BYTES + 1) }, 'newProfileImage'),
    ).toEqual(['El tamaño de la imagen no puede ser mayor a 3MB'])
    expect(
      fieldErrors(profileImageSchema, { newProfileImage: png(10, 'a.gif', 'image/gif') }, 'newProfileImage'),
    ).toEqual([IM.invalidType])
    expect(fieldErrors(profileImageSchema, { newProfileImage: png(10, 'a.pdf', '') }, 'newProfileImage')).toEqual([
      IM.invalidType,
    ])
  })
})
