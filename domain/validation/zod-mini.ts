/**
 * The browser's ./zod.ts (scripts/vite-zod-browser.ts swaps it in): zod/mini, with `preprocess`,
 * which zod/mini spells as a pipe from a transform (the same parse: classic's preprocess is that
 * pipe). Classic zod also loads zod's English messages on its own (1 KB gzip); this does not: no
 * schema falls back on them (zod.test.ts gives every field of every schema wrong values of every
 * kind and finds only the schemas' own Spanish messages, on both flavours).
 */
import { config, pipe, transform, type core } from 'zod/mini'

export * from 'zod/mini'

// Our CSP forbids eval: zod must not try `new Function` (Chrome would log a violation).
config({ jitless: true })

export function preprocess<S extends core.$ZodType>(fn: (value: unknown) => unknown, schema: S) {
  return pipe(transform(fn), schema)
}
