import { describe, expect, it } from 'vitest'
import {
  OWNER_ID_IMAGE_MAX_BYTES,
  POWER_MESSAGES as M,
  powerDriverSchemaAt,
  vehicleYearMessage,
  vehicleYears,
  ownerIdImageInvalidTypeMessage,
  ownerIdImageTooLargeMessage,
  powerDriverSchema,
  powerOwnerFormSchema,
  powerOwnerSchema,
  simplePowerSchema,
} from './power'
import { BLANKS, errorsOf, fieldErrors } from './test-utils'

const driver = {
  fullNameDriver: 'Juan Soto',
  rutDriver: '12.345.678-5',
  addressDriver: 'Los Aromos 45, Maipú',
  nationalityDriver: 'Chilena',
  vehicleBrand: 'Toyota',
  vehicleModel: 'Hiace',
  vehicleYear: '2019',
  vehicleLicensePlate: 'bb bb 12',
}

const owner = {
  fullNameOwner: 'María Soto',
  rutOwner: '11111111-1',
  addressOwner: 'Los Aromos 45, Maipú',
  nationalityOwner: 'Chilena',
  phoneOwner: '987654321',
  emailOwner: 'maria.soto@gmail.com',
}

const image = (size: number, name = 'cedula.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type })

describe('powerDriverSchema', () => {
  it('accepts a valid sample and normalises rut, year and plate', () => {
    expect(powerDriverSchema.parse(driver)).toEqual({
      ...driver,
      rutDriver: '12345678-5',
      vehicleYear: 2019,
      vehicleLicensePlate: 'BBBB12',
    })
    expect(powerDriverSchema.parse({ ...driver, vehicleYear: 2005, vehicleLicensePlate: 'ab-1234' })).toMatchObject({
      vehicleYear: 2005,
      vehicleLicensePlate: 'AB1234',
    })
  })

  describe.each(BLANKS)('required fields with %s', (_, blank) => {
    it.each([
      ['fullNameDriver', M.required],
      ['rutDriver', M.required],
      ['addressDriver', M.required],
      ['nationalityDriver', M.required],
      ['vehicleBrand', M.required],
      ['vehicleModel', M.required],
      ['vehicleYear', M.required],
      ['vehicleLicensePlate', 'Campo requerido'],
    ])('%s -> %s', (field, message) => {
      expect(errorsOf(powerDriverSchema, { ...driver, [field]: blank })).toEqual({ [field]: [message] })
    })
  })

  it.each([
    ['fullNameDriver', 'J', ['Mínimo 2 caracteres']],
    ['fullNameDriver', 'x'.repeat(101), ['Máximo 100 caracteres']],
    ['addressDriver', 'x'.repeat(101), ['Máximo 100 caracteres']],
    ['vehicleBrand', 'T', ['Mínimo 2 caracteres']],
    ['vehicleModel', 'x'.repeat(101), ['Máximo 100 caracteres']],
    ['nationalityDriver', 'x'.repeat(31), ['Máximo 30 caracteres']],
    ['rutDriver', '12.345.678-55', ['Máximo 12 caracteres', 'Formato de RUT inválido']],
    ['rutDriver', '12345678', ['Formato de RUT inválido']],
    ['rutDriver', '12345678-K', ['Dígito verificador inválido']],
    ['vehicleYear', '2004', [vehicleYearMessage(new Date())]],
    ['vehicleYear', new Date().getUTCFullYear() + 3, [vehicleYearMessage(new Date())]],
    ['vehicleYear', '20x9', [vehicleYearMessage(new Date())]],
    ['vehicleYear', 2019.5, [vehicleYearMessage(new Date())]],
    [
      'vehicleLicensePlate',
      'ABCD-EFGH-1234',
      ['Patente no debe exceder los 12 caracteres', 'Formato de patente inválido'],
    ],
    ['vehicleLicensePlate', 'ABC1234', ['Formato de patente inválido']],
    ['vehicleLicensePlate', 'AB12345', ['Formato de patente inválido']],
    ['vehicleLicensePlate', 'A12345', ['Formato de patente inválido']],
    ['vehicleLicensePlate', 'ABCDE1', ['Formato de patente inválido']],
    ['vehicleLicensePlate', 'AÑ1234', ['Formato de patente inválido']],
    ['nationalityDriver', 'C', ['Mínimo 2 caracteres']],
    ['addressDriver', 'A', ['Mínimo 2 caracteres']],
    ['vehicleModel', 'H', ['Mínimo 2 caracteres']],
    ['vehicleBrand', 'x'.repeat(101), ['Máximo 100 caracteres']],
    ['rutDriver', '1', ['Mínimo 2 caracteres', 'Formato de RUT inválido']],
    ['rutDriver', '12.345.678-4', ['Dígito verificador inválido']],
    ['rutDriver', '12345678-0', ['Dígito verificador inválido']],
    ['vehicleLicensePlate', '1234AB', ['Formato de patente inválido']],
  ])('%s = %j -> %j', (field, value, messages) => {
    expect(fieldErrors(powerDriverSchema, { ...driver, [field]: value }, field)).toEqual(messages)
  })

  // Texts that reach the vehicle's owner carry no link or number a driver chose (decision 73).
  it.each([
    ['fullNameDriver', 'Banco Estado 24 horas', [M.personName]],
    ['fullNameDriver', 'Juan www.evil.cl', [M.personName]],
    ['fullNameDriver', 'Ana: https://evil.example', [M.personName]],
    ['fullNameDriver', 'Juan.Pérez', [M.personName]],
    ['nationalityDriver', 'Chilena 1', [M.personName]],
    ['vehicleBrand', 'Verifica tu cuenta en https://evil.example/login', [M.noLinks]],
    ['vehicleBrand', 'www.evil.example', [M.noLinks]],
    ['vehicleModel', 'evil.example', [M.noLinks]],
    ['vehicleModel', 'Hiace, llama al +56 9 5544 3322', [M.vehicleText]],
    ['addressDriver', 'Entra a banco-seguro.cl', [M.noLinks]],
    ['addressDriver', 'evil.example/login', [M.noLinks]],
    ['addressDriver', 'Ver HTTPS://EVIL.EXAMPLE', [M.noLinks]],
  ])('%s = %j -> %j', (field, value, messages) => {
    expect(fieldErrors(powerDriverSchema, { ...driver, [field]: value }, field)).toEqual(messages)
  })

  it('takes the names, brands, models and addresses people write', () => {
    for (const [field, value] of [
      ['fullNameDriver', "María-José O'Higgins Ñúñez"],
      ['fullNameDriver', 'Jean-Luc D’Alembert'],
      ['fullNameDriver', 'Zoë Ångström'],
      ['nationalityDriver', 'Chilena'],
      ['vehicleBrand', 'Mercedes-Benz'],
      ['vehicleModel', 'Sprinter 515 CDI'],
      ['vehicleModel', 'Hilux 2.4'],
      ['vehicleModel', 'CX-5'],
      ['addressDriver', 'Av. Grecia 123, Ñuñoa'],
      ['addressDriver', 'Pje. Colón 45 depto. 3'],
    ]) {
      expect([field, fieldErrors(powerDriverSchema, { ...driver, [field!]: value }, field!)]).toEqual([field, []])
    }
    expect(
      powerOwnerSchema.safeParse({ ...owner, fullNameOwner: 'Ana Ñuñez', addressOwner: 'Av. Grecia 123' }).success,
    ).toBe(true)
    expect(fieldErrors(powerOwnerSchema, { ...owner, fullNameOwner: 'Banco https://x.cl' }, 'fullNameOwner')).toEqual([
      M.personName,
    ])
    expect(fieldErrors(powerOwnerSchema, { ...owner, addressOwner: 'www.evil.cl' }, 'addressOwner')).toEqual([
      M.noLinks,
    ])
  })

  it('accepts every plate shape', () => {
    for (const plate of ['AB1234', 'BBBB12', 'BB-BB-12', 'BB·BB·12', 'AB123', 'BCD12', 'bcd 12', 'ab 12 34']) {
      expect(powerDriverSchema.safeParse({ ...driver, vehicleLicensePlate: plate }).success).toBe(true)
    }
  })

  it('removes spaces before the 12-character limit', () => {
    expect(powerDriverSchema.safeParse({ ...driver, vehicleLicensePlate: ' A B 1 2 3 4 ' }).success).toBe(true)
  })

  it('offers next year down to 2005, counted from the date it is given (Chile time)', () => {
    const november2026 = new Date('2026-11-23T12:00:00-03:00')
    expect(vehicleYears(november2026)[0]).toBe(2027)
    expect(vehicleYears(november2026).at(-1)).toBe(2005)
    expect(vehicleYears(november2026)).toHaveLength(23)
    expect(vehicleYears(november2026)).toEqual(Array.from({ length: 23 }, (_, i) => 2027 - i))
    expect(vehicleYears(new Date('2025-03-01T12:00:00Z'))[0]).toBe(2026)
    // New Year's Eve, 23:00 in Santiago, is already 1 January in UTC: still 2026's list.
    expect(vehicleYears(new Date('2027-01-01T02:00:00Z'))[0]).toBe(2027)
    expect(vehicleYears(new Date('2027-01-01T03:00:00Z'))[0]).toBe(2028)
    expect(vehicleYearMessage(november2026)).toBe('Selecciona un año entre 2005 y 2027')
  })

  it('validates the year against the same list, read from its clock when checking', () => {
    let now = new Date('2026-11-23T12:00:00-03:00')
    const schema = powerDriverSchemaAt(() => now)
    expect(schema.safeParse({ ...driver, vehicleYear: '2027' }).success).toBe(true)
    expect(errorsOf(schema, { ...driver, vehicleYear: '2028' }).vehicleYear).toEqual([
      'Selecciona un año entre 2005 y 2027',
    ])
    now = new Date('2027-06-01T12:00:00-04:00')
    expect(schema.safeParse({ ...driver, vehicleYear: '2028' }).success).toBe(true)
  })
})

describe('powerOwnerSchema', () => {
  it('accepts a valid sample and phones of 9 to 12 digits starting with 9', () => {
    expect(powerOwnerSchema.parse(owner)).toEqual(owner)
    for (const phone of ['956785678', '998765432109'])
      expect(powerOwnerSchema.safeParse({ ...owner, phoneOwner: phone }).success).toBe(true)
    expect(powerOwnerSchema.safeParse({ ...owner, emailOwner: `${'a'.repeat(60)}@gmail.com` }).success).toBe(true)
    expect(powerOwnerSchema.parse({ ...owner, phoneOwner: 987654321 }).phoneOwner).toBe('987654321')
  })

  describe.each(BLANKS)('required fields with %s', (_, blank) => {
    it.each([
      ['fullNameOwner', M.required],
      ['rutOwner', M.required],
      ['addressOwner', M.required],
      ['nationalityOwner', M.required],
      ['phoneOwner', 'Campo requerido'],
      ['emailOwner', 'Campo requerido'],
    ])('%s -> %s', (field, message) => {
      expect(errorsOf(powerOwnerSchema, { ...owner, [field]: blank })).toEqual({ [field]: [message] })
    })
  })

  it.each([
    ['fullNameOwner', 'M', ['Mínimo 2 caracteres']],
    ['fullNameOwner', 'x'.repeat(101), ['Máximo 100 caracteres']],
    ['addressOwner', 'A', ['Mínimo 2 caracteres']],
    ['addressOwner', 'x'.repeat(101), ['Máximo 100 caracteres']],
    ['nationalityOwner', 'C', ['Mínimo 2 caracteres']],
    ['nationalityOwner', 'x'.repeat(31), ['Máximo 30 caracteres']],
    ['rutOwner', '1234567', ['Formato de RUT inválido']],
    ['rutOwner', '1-9', ['Formato de RUT inválido']],
    ['rutOwner', '11.111.111-K', ['Dígito verificador inválido']],
    ['phoneOwner', '9123400000', ['El teléfono no puede contener secuencias como 0000 o 1234']],
    ['emailOwner', 'maria soto@gmail.com', ['Correo electrónico inválido']],
    ['emailOwner', 'maria+1@gmail.com', ['Correo electrónico inválido']],
    ['emailOwner', 'maria@mail.Fleeters.com', ['Correo electrónico inválido']],
    ['rutOwner', '1.111.111.111-1111', ['Máximo 15 caracteres', 'Formato de RUT inválido']],
    ['rutOwner', '11111111-2', ['Dígito verificador inválido']],
    ['phoneOwner', '98765432', ['El teléfono debe tener al menos 9 dígitos']],
    ['phoneOwner', '9876543219876', ['El teléfono no puede tener más de 12 dígitos']],
    ['phoneOwner', '887654321', ['El teléfono debe comenzar con 9']],
    ['phoneOwner', '9876-5432a', ['El teléfono solo puede contener números']],
    ['phoneOwner', '+56 2 2876 5432', ['El teléfono debe comenzar con 9']],
    ['phoneOwner', '912340000', ['El teléfono no puede contener secuencias como 0000 o 1234']],
    ['emailOwner', 'maria@gmail', ['Correo electrónico inválido']],
    ['emailOwner', 'maría@gmail.com', ['Correo electrónico inválido']],
    ['emailOwner', 'maria@fleeters.cl', ['Correo electrónico inválido']],
    ['emailOwner', `${'a'.repeat(61)}@gmail.com`, ['Correo electrónico no puede exceder los 70 caracteres']],
  ])('%s = %j -> %j', (field, value, messages) => {
    expect(fieldErrors(powerOwnerSchema, { ...owner, [field]: value }, field)).toEqual(messages)
  })
})

describe('owner ID images', () => {
  const files = {
    cedula_identidad_frontal_owner: image(100),
    cedula_identidad_posterior_owner: image(100, 'b.png', 'image/png'),
  }

  it('accepts png, jpg and jpeg under 3145728 bytes: 3145727 passes, 3145728 does not', () => {
    expect(powerOwnerFormSchema.safeParse({ ...owner, ...files }).success).toBe(true)
    expect(
      powerOwnerFormSchema.safeParse({ ...owner, ...files, cedula_identidad_frontal_owner: image(3145727) }).success,
    ).toBe(true)
    expect(
      fieldErrors(
        powerOwnerFormSchema,
        { ...owner, ...files, cedula_identidad_frontal_owner: image(3145728) },
        'cedula_identidad_frontal_owner',
      ),
    ).toEqual([
      'El archivo Cédula de identidad (frontal) es demasiado grande. Por favor, sube un archivo de menos de 3MB.',
    ])
    expect(OWNER_ID_IMAGE_MAX_BYTES).toBe(3145728)
  })

  it('accepts .jpeg and .png names when the browser gives no type, refuses other names', () => {
    const untyped = (name: string) => new File([new Uint8Array(10)], name)
    expect(
      powerOwnerFormSchema.safeParse({
        ...owner,
        cedula_identidad_frontal_owner: untyped('a.JPEG'),
        cedula_identidad_posterior_owner: untyped('b.png'),
      }).success,
    ).toBe(true)
    expect(
      fieldErrors(
        powerOwnerFormSchema,
        { ...owner, ...files, cedula_identidad_posterior_owner: untyped('b.gif') },
        'cedula_identidad_posterior_owner',
      ),
    ).toEqual([ownerIdImageInvalidTypeMessage('Cédula de identidad (posterior)')])
  })

  it.each([undefined, null, ''])('requires both images (%j)', (v) => {
    expect(
      errorsOf(powerOwnerFormSchema, {
        ...owner,
        cedula_identidad_frontal_owner: v,
        cedula_identidad_posterior_owner: v,
      }),
    ).toEqual({
      cedula_identidad_frontal_owner: ['Campo requerido'],
      cedula_identidad_posterior_owner: ['Campo requerido'],
    })
  })

  it('rejects a large file and a wrong type with the {tipo} messages', () => {
    expect(
      fieldErrors(
        powerOwnerFormSchema,
        { ...owner, ...files, cedula_identidad_frontal_owner: image(OWNER_ID_IMAGE_MAX_BYTES + 1) },
        'cedula_identidad_frontal_owner',
      ),
    ).toEqual([
      'El archivo Cédula de identidad (frontal) es demasiado grande. Por favor, sube un archivo de menos de 3MB.',
    ])
    expect(
      fieldErrors(
        powerOwnerFormSchema,
        { ...owner, ...files, cedula_identidad_posterior_owner: image(10, 'c.pdf', 'application/pdf') },
        'cedula_identidad_posterior_owner',
      ),
    ).toEqual([
      'El archivo Cédula de identidad (posterior) tiene un tipo no válido. Por favor, ' +
        'sube un archivo con uno de los siguientes tipos: PNG, JPG, JPEG.',
    ])
  })

  it('message functions', () => {
    expect(ownerIdImageTooLargeMessage('frontal')).toBe(
      'El archivo frontal es demasiado grande. Por favor, sube un archivo de menos de 3MB.',
    )
    expect(ownerIdImageInvalidTypeMessage('posterior')).toBe(
      'El archivo posterior tiene un tipo no válido. Por favor, sube un archivo con uno ' +
        'de los siguientes tipos: PNG, JPG, JPEG.',
    )
  })
})

describe('simplePowerSchema', () => {
  it('validates driver and owner fields together', () => {
    expect(simplePowerSchema.safeParse({ ...driver, ...owner }).success).toBe(true)
    expect(Object.keys(errorsOf(simplePowerSchema, {})).sort()).toEqual(
      [...Object.keys(driver), ...Object.keys(owner)].sort(),
    )
  })
})
