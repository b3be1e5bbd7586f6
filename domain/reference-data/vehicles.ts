import { formatInteger } from '#domain/format'
export interface Vehicle {
  id_vehicle: number
  name_vehicle: string
}

export interface VehicleCapacity {
  id_capacity: number
  vehicle_id: number
  capacity_kg: number
}

export const VEHICLE_FURGON = 1
export const VEHICLE_AUTO = 2
export const VEHICLE_MOTO = 3
export const VEHICLE_CAMION = 5
export const VEHICLE_OTRO = 6
export const VEHICLE_CAMION_TRES_CUARTOS = 7
export const VEHICLE_SUV = 8

/** Names as in the spec (no id 4), with their accents (decision 2: the spec writes «Camion ¾»). */
export const vehicles: readonly Vehicle[] = [
  { id_vehicle: VEHICLE_FURGON, name_vehicle: 'Furgón' },
  { id_vehicle: VEHICLE_AUTO, name_vehicle: 'Auto' },
  { id_vehicle: VEHICLE_MOTO, name_vehicle: 'Moto' },
  { id_vehicle: VEHICLE_CAMION, name_vehicle: 'Camión' },
  { id_vehicle: VEHICLE_OTRO, name_vehicle: 'Otro' },
  { id_vehicle: VEHICLE_CAMION_TRES_CUARTOS, name_vehicle: 'Camión ¾' },
  { id_vehicle: VEHICLE_SUV, name_vehicle: 'SUV' },
]

/** Sentinel capacities meaning "larger than the listed capacities" of that vehicle. */
export const OPEN_CAPACITIES = [9999, 99999] as const

const CAPACITY_KG: ReadonlyArray<readonly [number, readonly number[]]> = [
  [VEHICLE_FURGON, [700, 1000, 1200, 1500, 9999]],
  [VEHICLE_CAMION, [2000, 3500, 5000, 7000, 10000, 99999]],
  [VEHICLE_CAMION_TRES_CUARTOS, [1200, 1500, 1700, 2000, 99999]],
]

/** Capacities numbered 1..16 in the order Furgón, Camión, Camión ¾. */
export const capacities: readonly VehicleCapacity[] = CAPACITY_KG.flatMap(([vehicle_id, kgs]) =>
  kgs.map((capacity_kg) => ({ vehicle_id, capacity_kg })),
).map((c, i) => ({
  id_capacity: i + 1,
  ...c,
}))

export function findVehicle(id: number | string): Vehicle | undefined {
  const n = Number(id)
  return vehicles.find((v) => v.id_vehicle === n)
}

export function capacitiesByVehicle(vehicleId: number | string): VehicleCapacity[] {
  const n = Number(vehicleId)
  return capacities.filter((c) => c.vehicle_id === n)
}

export function findCapacity(id: number | string): VehicleCapacity | undefined {
  const n = Number(id)
  return capacities.find((c) => c.id_capacity === n)
}

/**
 * '700 kg', '1.500 kg'; the open capacities read "más de <largest listed capacity of that
 * vehicle>": 9999 -> 'más de 1.500 kg' (Furgón), 99999 -> 'más de 10.000 kg' (Camión) or
 * 'más de 2.000 kg' when vehicleId is Camión ¾. Without vehicleId, the vehicle owning the
 * sentinel first is assumed (9999 Furgón, 99999 Camión).
 */
export function capacityLabel(kg: number, vehicleId?: number): string {
  if ((OPEN_CAPACITIES as readonly number[]).includes(kg)) {
    const owner =
      CAPACITY_KG.find(([id, kgs]) => id === vehicleId && kgs.includes(kg)) ??
      CAPACITY_KG.find(([, kgs]) => kgs.includes(kg))
    const listed = owner ? owner[1].filter((c) => c !== kg) : []
    if (listed.length) return `más de ${formatInteger(Math.max(...listed))} kg`
  }
  return `${formatInteger(kg)} kg`
}
