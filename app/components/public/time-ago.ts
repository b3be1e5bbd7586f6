const UNITS: Array<[limitSeconds: number, seconds: number, one: string, many: string]> = [
  [3600, 60, 'minuto', 'minutos'],
  [86400, 3600, 'hora', 'horas'],
  [30 * 86400, 86400, 'día', 'días'],
  [365 * 86400, 30 * 86400, 'mes', 'meses'],
  [Infinity, 365 * 86400, 'año', 'años'],
]

/** 'hace 3 horas' (es-CL), computed once on the server so the page never disagrees with itself. */
export function timeAgo(iso: string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000)
  if (!Number.isFinite(seconds) || seconds < 60) return 'hace un momento'
  for (const [limit, size, one, many] of UNITS) {
    if (seconds < limit) {
      const n = Math.floor(seconds / size)
      return `hace ${n} ${n === 1 ? one : many}`
    }
  }
  return ''
}
