import { describe, expect, it } from 'vitest'
import { formatInteger } from '#domain/format'
import {
  ACCOUNT_TYPES,
  BANKS,
  COMPLAINT_TYPES,
  DOCUMENT_SLOTS,
  EMPLOYMENT_TYPES,
  INQUIRY_TYPES,
  INVOICE_TYPES,
  RECEIPT_ISSUANCE_OPTIONS,
  capacities,
  capacitiesByVehicle,
  capacityLabel,
  canonicalAccountType,
  communes,
  communesByRegion,
  findCommune,
  findRegion,
  findZone,
  isCommuneInRegion,
  regions,
  requiredInvoiceType,
  schedules,
  vehicles,
  zones,
} from './index'

/**
 * The regions of a zone in the reference order, as the seeded table answers
 * GET /general-data/get-filtered-regions/{id}.
 */
const regionsByZone = (zoneId: number | string) => regions.filter((r) => r.zone_id === Number(zoneId))

describe('zones, regions, communes', () => {
  it('has the three zones', () => {
    expect(zones).toEqual([
      { id_zone: 1, name_zone: 'Zona Norte' },
      { id_zone: 2, name_zone: 'Zona Centro' },
      { id_zone: 3, name_zone: 'Zona Sur' },
    ])
  })

  it('has 16 regions with ids 1000..16000 in order, each in an existing zone', () => {
    expect(regions.map((r) => r.id_region)).toEqual(Array.from({ length: 16 }, (_, i) => (i + 1) * 1000))
    expect(regions.every((r) => findZone(r.zone_id))).toBe(true)
    expect(regionsByZone(1).map((r) => r.name_region)).toEqual([
      'Tarapacá',
      'Antofagasta',
      'Atacama',
      'Coquimbo',
      'Arica y Parinacota',
    ])
    expect(regionsByZone(2).map((r) => r.name_region)).toEqual([
      'Valparaíso',
      "O'Higgins",
      'Maule',
      'Bio-bío',
      'Metropolitana de Santiago',
      'Ñuble',
    ])
    expect(regionsByZone('3').map((r) => r.name_region)).toEqual([
      'La Araucanía',
      'Los Lagos',
      'Aysén',
      'Magallanes',
      'Los Ríos',
    ])
    expect(regionsByZone(9)).toEqual([])
  })

  it('has all 346 communes with unique CUT ids in existing regions', () => {
    expect(communes).toHaveLength(346)
    expect(new Set(communes.map((c) => c.id_commune)).size).toBe(346)
    for (const c of communes) {
      expect(findRegion(c.id_region)).toBeDefined()
      expect(Math.floor(c.id_commune / 1000) * 1000).toBe(c.id_region)
      expect(c.name_commune.trim()).toBe(c.name_commune)
    }
    expect(regions.every((r) => communesByRegion(r.id_region).length > 0)).toBe(true)
  })

  it('finds communes and lists them by region sorted by name', () => {
    expect(findCommune(13101)).toEqual({ id_commune: 13101, name_commune: 'Santiago Centro', id_region: 13000 })
    expect(findCommune('13120')?.name_commune).toBe('Ñuñoa')
    expect(findCommune(1)).toBeUndefined()
    expect(findCommune('abc')).toBeUndefined()
    const rm = communesByRegion(13000)
    expect(rm).toHaveLength(52)
    const names = rm.map((c) => c.name_commune)
    expect([...names].sort((a, b) => a.localeCompare(b, 'es'))).toEqual(names)
    expect(communesByRegion(99000)).toEqual([])
  })

  it('checks commune/region/zone coherence', () => {
    expect(isCommuneInRegion(13101, 13000)).toBe(true)
    expect(isCommuneInRegion(13101, 13000, 2)).toBe(true)
    expect(isCommuneInRegion(13101, 13000, 1)).toBe(false)
    expect(isCommuneInRegion(13101, 5000)).toBe(false)
  })
})

describe('vehicles and capacities', () => {
  it('has the spec vehicles (no id 4)', () => {
    expect(vehicles.map((v) => [v.id_vehicle, v.name_vehicle])).toEqual([
      [1, 'Furgón'],
      [2, 'Auto'],
      [3, 'Moto'],
      [5, 'Camión'],
      [6, 'Otro'],
      [7, 'Camión ¾'],
      [8, 'SUV'],
    ])
  })

  it('has the capacities with unique ids', () => {
    expect(capacitiesByVehicle(1).map((c) => c.capacity_kg)).toEqual([700, 1000, 1200, 1500, 9999])
    expect(capacitiesByVehicle(5).map((c) => c.capacity_kg)).toEqual([2000, 3500, 5000, 7000, 10000, 99999])
    expect(capacitiesByVehicle(7).map((c) => c.capacity_kg)).toEqual([1200, 1500, 1700, 2000, 99999])
    expect(capacities.map((c) => c.id_capacity)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1))
  })

  it('labels capacities in es-CL', () => {
    expect(formatInteger(1500)).toBe('1.500')
    expect(formatInteger(700)).toBe('700')
    expect(formatInteger(1000000)).toBe('1.000.000')
    expect(capacityLabel(700)).toBe('700 kg')
    expect(capacityLabel(1500)).toBe('1.500 kg')
    expect(capacityLabel(10000)).toBe('10.000 kg')
    expect(capacityLabel(9999)).toBe('más de 1.500 kg')
    expect(capacityLabel(9999, 1)).toBe('más de 1.500 kg')
    expect(capacityLabel(99999)).toBe('más de 10.000 kg')
    expect(capacityLabel(99999, 5)).toBe('más de 10.000 kg')
    expect(capacityLabel(99999, 7)).toBe('más de 2.000 kg')
  })
})

describe('lists', () => {
  it('schedules', () => {
    expect(schedules.map((s) => s.name_schedule)).toEqual(['AM (mañanas)', 'PM (tardes)', 'Cualquier horario'])
  })
  it('employment, account, invoice and receipt options', () => {
    expect(EMPLOYMENT_TYPES).toHaveLength(5)
    expect(ACCOUNT_TYPES).toEqual(['Cuenta Corriente', 'Cuenta Vista', 'Cuenta de Ahorro', 'Cuenta Rut'])
    expect(canonicalAccountType('cuenta corriente')).toBe('Cuenta Corriente')
    expect(canonicalAccountType('cuenta x')).toBeUndefined()
    expect(INVOICE_TYPES).toEqual(['Boleta', 'Factura'])
    expect(RECEIPT_ISSUANCE_OPTIONS.map(requiredInvoiceType)).toEqual(['Factura', 'Boleta', 'Boleta'])
  })
  it('19 unique banks starting with Banco de Chile and ending with Mercado Pago', () => {
    expect(BANKS).toHaveLength(19)
    expect(new Set(BANKS).size).toBe(19)
    expect(BANKS[0]).toBe('Banco de Chile')
    expect(BANKS[18]).toBe('Mercado Pago')
  })
  it('complaint and inquiry types', () => {
    expect(COMPLAINT_TYPES.map((t) => t.value)).toEqual([
      'PAGO',
      'MAL_SERVICIO',
      'FALTA_DE_RUTA',
      'ROBO',
      'DEMORA_EN_LA_ENTREGA',
      'CARGA_INCORRECTA',
      'TRATO_DEL_PERSONAL',
      'OTRO',
    ])
    expect(COMPLAINT_TYPES.find((t) => t.value === 'DEMORA_EN_LA_ENTREGA')?.label).toBe('Demora en la entrega')
    expect(INQUIRY_TYPES).toEqual([
      { value: 'Inquiries', label: 'Consulta' },
      { value: 'Complaints', label: 'Reclamo' },
    ])
  })
  it('document slots', () => {
    expect(DOCUMENT_SLOTS).toHaveLength(23)
    expect(DOCUMENT_SLOTS.filter((s) => s.optional).map((s) => s.key)).toEqual(['furgon_interior_general'])
    expect(DOCUMENT_SLOTS[0]).toEqual({
      key: 'cedula_identidad_frontal',
      title: 'Cédula de identidad (frontal)',
      optional: false,
    })
  })
})
