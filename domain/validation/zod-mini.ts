/**
 * The browser's ./zod.ts (scripts/vite-zod-browser.ts swaps it in): zod/mini, with what classic
 * zod adds on its own — English as the default locale, so a message the schemas do not give is
 * the same text on both sides — and `preprocess`, which zod/mini spells as a pipe from a transform
 * (the same parse: classic's preprocess is that pipe).
 */
import { config, pipe, transform, type core } from 'zod/mini'
import en from 'zod/v4/locales/en.js'

export * from 'zod/mini'

config(en())
// Our CSP forbids eval: zod must not try `new Function` (Chrome would log a violation).
config({ jitless: true })

export function preprocess<S extends core.$ZodType>(fn: (value: unknown) => unknown, schema: S) {
  return pipe(transform(fn), schema)
}
