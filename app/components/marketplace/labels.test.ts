import { describe, expect, it } from 'vitest'
import { LOGO_UPLOAD } from '#domain/uploads'
import { LOGO_EXTENSIONS } from '#domain/validation/company'
import {
  APPLICATION_STATUSES,
  PAYMENT_PERIODS,
  POSTING_STATUSES,
  POSTINGS_COUNT_CAP,
  POSTINGS_PAGE_SIZE,
} from '#domain/validation/marketplace'
import {
  APPLICATION_STATUS_OPTIONS,
  COUNT_CAP,
  PAGE_SIZE,
  PAYMENT_PERIOD_OPTIONS,
  POSTING_STATUS_LABELS,
  pageCount,
  rangeLabel,
} from './labels'

describe('marketplace labels', () => {
  it('cover the domain values in their order', () => {
    expect(APPLICATION_STATUS_OPTIONS.map((o) => o.value)).toEqual([...APPLICATION_STATUSES])
    expect(Object.keys(POSTING_STATUS_LABELS)).toEqual([...POSTING_STATUSES])
    expect(PAYMENT_PERIOD_OPTIONS.map((o) => o.value)).toEqual([...PAYMENT_PERIODS])
    // The logo input's accept list (company-register.tsx) is the company schema's extensions.
    expect(LOGO_UPLOAD.accept).toBe(LOGO_EXTENSIONS.join(','))
    expect(PAGE_SIZE).toBe(POSTINGS_PAGE_SIZE)
    expect(COUNT_CAP).toBe(POSTINGS_COUNT_CAP)
  })

  it.each([
    [1, 25, '1-10 de 25'],
    [2, 25, '11-20 de 25'],
    [3, 25, '21-25 de 25'],
    [1, 3, '1-3 de 3'],
    [1, 0, '0-0 de 0'],
    [9, 25, '25-25 de 25'],
  ])('page %i of %i reads %s', (page, total, label) => {
    expect(rangeLabel(page, total)).toBe(label)
  })

  it('counts pages (at least one)', () => {
    expect([pageCount(0), pageCount(10), pageCount(11), pageCount(25)]).toEqual([1, 1, 2, 3])
  })

  it('reads a capped count (1,001) as more than 1.000, and links the pages of the first 1.000', () => {
    expect(rangeLabel(1, 1000)).toBe('1-10 de 1000')
    expect(rangeLabel(1, 1001)).toBe('1-10 de más de 1.000')
    expect(rangeLabel(100, 1001)).toBe('991-1000 de más de 1.000')
    expect([pageCount(1000), pageCount(1001)]).toEqual([100, 100])
  })
})
