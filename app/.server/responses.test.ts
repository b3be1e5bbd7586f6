import { describe, expect, it } from 'vitest'
import { serviceMessages } from './responses'

describe('serviceMessages', () => {
  it('passes on what the person can fix (4xx) and hides the rest behind the fallback', () => {
    expect(
      serviceMessages({ status: 400, message: ['RUT inválido', 'Teléfono inválido'] }, 'Intenta nuevamente.'),
    ).toEqual(['RUT inválido', 'Teléfono inválido'])
    expect(serviceMessages({ status: 409, message: 'Ya existe' }, 'Intenta nuevamente.')).toEqual(['Ya existe'])
    expect(serviceMessages({ status: 404, message: 'No encontrado' }, 'Intenta nuevamente.')).toEqual([
      'Intenta nuevamente.',
    ])
    expect(serviceMessages({ status: 503, message: 'Servicio no disponible' }, 'Intenta nuevamente.')).toEqual([
      'Intenta nuevamente.',
    ])
  })
})
