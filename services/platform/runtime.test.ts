import { describe, expect, it } from 'vitest'
import { unsupportedNodeMessage } from './runtime'

describe('the Node.js lines the server starts on', () => {
  it.each(['22.12.0', '22.23.3', '24.0.0', '24.21.0', '26.12.1', '28.0.0'])('starts on %s', (version) => {
    expect(unsupportedNodeMessage(version)).toBeNull()
  })

  it.each(['18.20.4', '20.20.2', '21.7.3', '22.11.0', '23.11.1', '25.2.0'])(
    'refuses %s with a sentence naming the supported lines',
    (version) => {
      expect(unsupportedNodeMessage(version)).toMatch(
        new RegExp(`Node\\.js 22, 24 o 26 .* este es ${version.replace(/\./g, '\\.')}`),
      )
    },
  )

  it('the Node running the tests is one of them', () => {
    expect(unsupportedNodeMessage()).toBeNull()
  })
})
