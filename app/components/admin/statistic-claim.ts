/**
 * What a public statistic about validated drivers claims against the real count: `live` when the
 * site shows the count itself, `overstated` when a typed number is above it (the public site reads
 * '+839' while fewer drivers are validated), `fixed` for a typed value that does not overstate it
 * or is not a whole number.
 */
export type StatisticClaim =
  { kind: 'live' } | { kind: 'overstated'; claimed: number } | { kind: 'fixed'; claimed: number | null }

/** '839', '+839', '1.200' or '1 200' as the whole number the public site shows. */
function claimedNumber(value: string): number | null {
  const digits = value.trim().replace(/^\+/, '').replace(/[.\s]/g, '')
  return /^\d+$/.test(digits) ? Number(digits) : null
}

export function statisticClaim(stat: { value: string; source: string }, validated: number): StatisticClaim {
  if (stat.source === 'validated_drivers') return { kind: 'live' }
  const claimed = claimedNumber(stat.value)
  return claimed !== null && claimed > validated ? { kind: 'overstated', claimed } : { kind: 'fixed', claimed }
}
