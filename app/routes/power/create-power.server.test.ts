import { beforeAll, describe, expect, it } from 'vitest'

/** The signed phase-1 field: carried through phase 2 without JS, and only for its own link. */
describe('phase 1 seal', () => {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- loaded after the environment is set
  let seal: typeof import('./create-power.server')
  beforeAll(async () => {
    process.env.SESSION_SECRET = 'x'.repeat(40)
    seal = await import('./create-power.server')
  })
  const values = {
    fullNameDriver: 'Juan Peña',
    rutDriver: '12.345.678-5',
    vehicleYear: '2019',
    vehicleLicensePlate: 'bb bb 12',
    extra: 'no',
  }

  it('opens what it sealed, as typed, without unknown fields', () => {
    const sealed = seal.sealPhase1('token-a', values)
    expect(seal.openPhase1('token-a', sealed)).toEqual({
      fullNameDriver: 'Juan Peña',
      rutDriver: '12.345.678-5',
      vehicleYear: '2019',
      vehicleLicensePlate: 'bb bb 12',
    })
  })

  it('refuses a seal of another link, a changed payload and garbage', () => {
    const sealed = seal.sealPhase1('token-a', values)
    expect(seal.openPhase1('token-b', sealed)).toBeNull()
    const [, mac] = sealed.split('.')
    const changed = Buffer.from(JSON.stringify({ ...values, fullNameDriver: 'Otro' })).toString('base64url')
    expect(seal.openPhase1('token-a', `${changed}.${mac}`)).toBeNull()
    for (const bad of [null, '', 'abc', 'a.b', `${sealed}x`]) expect(seal.openPhase1('token-a', bad)).toBeNull()
  })

  it("keeps only the owner's text fields of a draft", () => {
    expect(
      seal.parseDraft(JSON.stringify({ fullNameOwner: 'María', phoneOwner: '987654321', power: 'x', n: 3 })),
    ).toEqual({ fullNameOwner: 'María', phoneOwner: '987654321' })
    expect(seal.parseDraft('{')).toEqual({})
    expect(seal.parseDraft(null)).toEqual({})
  })
})
