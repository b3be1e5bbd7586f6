import { describe, expect, it } from 'vitest'
import { statisticClaim } from './statistic-claim'

describe('statisticClaim', () => {
  it('a typed number above the real count overstates it', () => {
    expect(statisticClaim({ value: '839', source: 'manual' }, 12)).toEqual({ kind: 'overstated', claimed: 839 })
    expect(statisticClaim({ value: '+1.200', source: 'manual' }, 0)).toEqual({ kind: 'overstated', claimed: 1200 })
  })

  it('a typed number at or below the count, or not a number, is only a fixed value', () => {
    expect(statisticClaim({ value: '12', source: 'manual' }, 12)).toEqual({ kind: 'fixed', claimed: 12 })
    expect(statisticClaim({ value: 'Cientos', source: 'manual' }, 3)).toEqual({ kind: 'fixed', claimed: null })
  })

  it('the live count never warns', () => {
    expect(statisticClaim({ value: '839', source: 'validated_drivers' }, 0)).toEqual({ kind: 'live' })
  })
})
