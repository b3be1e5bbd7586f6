import { describe, expect, it } from 'vitest'
import { positiveId } from './ids'

describe('positiveId: the one reading of an id, for the pages and the services (13.3)', () => {
  it.each(['1', '12', '2147483647'])('takes %j', (value) => expect(positiveId(value)).toBe(Number(value)))
  // Number() takes all of these; an id in a form or URL is a plain decimal.
  it.each(['0', '-3', ' 19', '19 ', '0x13', '1e3', '12.0', '012', '', '2147483648', 'abc', '１２'])(
    'refuses %j',
    (value) => expect(positiveId(value)).toBeNull(),
  )
  it('refuses what is not a string (a file, a missing field)', () => {
    expect(positiveId(null)).toBeNull()
    expect(positiveId(undefined)).toBeNull()
    expect(positiveId(new File(['1'], '1.txt'))).toBeNull()
  })
})
