import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTROL_CHARACTERS_MESSAGE } from '#domain/validation/fields'
import { engines } from '#services/testing/database'
import { createWorld, send, WRITE_ROUTES, type Route, type World } from './api-world'

/**
 * Generated hostile bodies against every write route of the services, on each
 * engine: no answer may be a 5xx and none may hang. FUZZ_RUNS bodies per engine (CI: 3000, the
 * full count; locally 500 unless set); FUZZ_SEED replays a run (the seed is printed).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI ? 3000 : 500))
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647)
const HANG_MS = 10_000

const HOSTILE_STRINGS = [
  '\u0000',
  'Ana\u0000Pérez',
  '\u0000'.repeat(20),
  '\u001b[31mrojo\u001b[0m',
  '\u0007\u0008\u000b\u000c\u007f',
  '\uD800',
  'a\uDFFFb',
  '0x13',
  ' 19',
  '1e309',
  '-1',
  '0',
  '9'.repeat(40),
  '2147483648',
  '9007199254740993',
  'NaN',
  'Infinity',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  'ñandú Ñuñoa 🚚',
  '\u202Egnp.exe',
  'x'.repeat(5000),
  ' ',
  '',
  '\r\n\r\n',
  'Seleccionado',
  'REJECTED',
  '2026-02-30',
  'a@b',
  '12.345.678-5',
]

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 80 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // A valid-looking value with a control character somewhere inside.
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 31 }), fc.string({ maxLength: 20 }))
      .map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`),
  },
)

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1.5, Number.MAX_VALUE, -0) },
    { weight: 1, arbitrary: fc.double({ noNaN: true }) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }) },
  ),
})).value

type Case = {
  route: number
  shape: 'mutate' | 'inject' | 'random' | 'top' | 'raw'
  key: string
  value: unknown
  extra: Record<string, unknown>
  top: unknown
  raw: string
  control: number
}

const ROUTES: Route[] = WRITE_ROUTES.filter((r) => !r.path({ ids: {} } as World).includes('/logout'))

const caseArb: fc.Arbitrary<Case> = fc.record({
  route: fc.integer({ min: 0, max: ROUTES.length - 1 }),
  shape: fc.constantFrom<Case['shape']>('mutate', 'mutate', 'mutate', 'inject', 'inject', 'random', 'top', 'raw'),
  key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'data', 'id', 'page'), fc.string({ maxLength: 10 })),
  value: hostileValue,
  extra: fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 4 }),
  top: fc.oneof(fc.jsonValue(), hostileValue),
  control: fc.oneof(fc.integer({ min: 0, max: 31 }), fc.constant(127)),
  raw: fc.oneof(
    fc.constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'null',
      '"\u0000"',
      '{"email":"\\u0000"}',
      '\u0000\u0001\u0002',
      'true',
      '1e999',
      '{"__proto__":{"x":1}}',
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
  ),
})

function bodyOf(w: World, route: Route, c: Case, pick: number): { body: unknown; raw?: string } {
  const base = route.base(w)
  const keys = Object.keys(base)
  switch (c.shape) {
    case 'mutate': {
      // A valid body with one field (an existing one, most of the time) made hostile.
      const key = keys.length && pick % 4 !== 0 ? keys[pick % keys.length]! : c.key
      return { body: { ...base, [key]: c.value } }
    }
    case 'inject': {
      // A valid body whose text field carries a control character (a NUL byte, most often).
      const texts = keys.filter((k) => typeof base[k] === 'string' && (base[k] as string).length > 0)
      if (!texts.length) return { body: { ...base, [c.key]: c.value } }
      const key = texts[pick % texts.length]!
      const text = base[key] as string
      const at = pick % (text.length + 1)
      const control = pick % 3 === 0 ? 0 : c.control
      return { body: { ...base, [key]: `${text.slice(0, at)}${String.fromCharCode(control)}${text.slice(at)}` } }
    }
    case 'random':
      return {
        body: { ...Object.fromEntries(keys.filter((_, i) => (pick >> i) & 1).map((k) => [k, base[k]])), ...c.extra },
      }
    case 'top':
      return { body: c.top }
    case 'raw':
      return { body: null, raw: c.raw }
  }
}

describe.each(engines)('fuzzing the write routes on %s', (engine) => {
  let w: World
  beforeAll(async () => {
    w = await createWorld(engine)
  }, 60_000)
  afterAll(async () => w?.p.destroy())

  it(`answers ${RUNS} hostile bodies without a 5xx or a hang`, { timeout: 30 * 60_000 }, async () => {
    const cases = fc.sample(fc.tuple(caseArb, fc.nat()), { numRuns: RUNS, seed: SEED })
    const failures: string[] = []
    const statuses: Record<number, number> = {}
    const started = Date.now()
    for (const [c, pick] of cases) {
      const route = ROUTES[c.route]!
      const { body, raw } = bodyOf(w, route, c, pick)
      let timer: NodeJS.Timeout | undefined
      const hang = new Promise<'hang'>((r) => (timer = setTimeout(() => r('hang'), HANG_MS)))
      const res = await Promise.race([
        send(w, route, body, raw === undefined ? {} : { raw }).catch((e: unknown) => ({ status: -1, body: String(e) })),
        hang,
      ])
      clearTimeout(timer)
      const status = res === 'hang' ? 0 : res.status
      statuses[status] = (statuses[status] ?? 0) + 1
      if (status === 0 || status === -1 || status >= 500) {
        failures.push(
          `${route.method} ${route.path(w)} ${status} ${JSON.stringify(raw ?? body).slice(0, 200)} ` +
            `→ ${res === 'hang' ? 'hang' : JSON.stringify(res.body).slice(0, 200)}`,
        )
      }
    }
    const fiveXX = Object.entries(statuses)
      .filter(([s]) => Number(s) >= 500 || Number(s) <= 0)
      .reduce((a, [, n]) => a + n, 0)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.info(
      `[fuzz ${engine}] ${cases.length} bodies over ${ROUTES.length} routes in ${seconds} ` +
        `s, seed ${SEED}: ${fiveXX} × 5xx/hang; statuses ${JSON.stringify(statuses)}`,
    )
    expect(failures.slice(0, 20)).toEqual([])
  })

  it('refuses a NUL byte in every text field of every write route with 400', async () => {
    const outcomes: string[] = []
    let fields = 0
    for (const route of ROUTES) {
      const base = route.base(w)
      for (const key of Object.keys(base).filter(
        (k) => typeof base[k] === 'string' && (base[k] as string).length > 0 && k !== 'power',
      )) {
        fields++
        const text = base[key] as string
        const res = await send(w, route, { ...base, [key]: `${text.slice(0, 1)}\u0000${text.slice(1)}` })
        const messages = ([] as string[]).concat(res.body?.message ?? [])
        if (res.status !== 400)
          outcomes.push(`${route.method} ${route.path(w)} ${key}: ${res.status} ${JSON.stringify(res.body)}`)
        // The text rules answer with their message; a field with a format (email, RUT, date) may say that first.
        else if (
          !messages.includes(CONTROL_CHARACTERS_MESSAGE) &&
          !/inválid|Formato|Selecciona /i.test(messages.join(' '))
        )
          outcomes.push(`${route.path(w)} ${key}: ${messages.join(', ')}`)
      }
    }
    console.info(`[fuzz ${engine}] NUL byte in ${fields} text fields: ${fields - outcomes.length} × 400`)
    expect(outcomes).toEqual([])
  })
})
