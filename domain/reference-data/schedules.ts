export interface Schedule {
  id_schedule: number
  name_schedule: string
}

export const schedules: readonly Schedule[] = [
  { id_schedule: 1, name_schedule: 'AM (mañanas)' },
  { id_schedule: 2, name_schedule: 'PM (tardes)' },
  { id_schedule: 3, name_schedule: 'Cualquier horario' },
]

export function findSchedule(id: number | string): Schedule | undefined {
  const n = Number(id)
  return schedules.find((s) => s.id_schedule === n)
}
