/**
 * The zod the domain schemas are written with. On the server and in Vitest it is
 * zod itself (the classic API: the services' OpenAPI document reads its getters and metadata); the
 * browser build swaps this module for ./zod-mini.ts (scripts/vite-zod-browser.ts), zod/mini from
 * the same package, whose checks are functions a bundle keeps only when a schema uses them: the
 * schemas a form loads on its first focus weigh ~8 KB gzip there instead of classic zod's ~21.
 *
 * So the schemas use only what both share, with the same meaning: constructors (`z.string()`,
 * `z.object()`…), wrappers as functions (`z.optional(s)`, `z.pipe(a, b)`, `z.preprocess(fn, s)`…)
 * and checks through `.check()` (`s.check(z.trim(), z.maxLength(50, message), z.refine(fn, message))`),
 * which is what classic's methods (`.trim()`, `.max()`, `.refine()`) do underneath: the same checks
 * in the same order, so the same issues and messages. domain/validation's tests run on both
 * (vitest.config.ts, project `domain-mini`).
 */
import { config } from 'zod'

export * from 'zod'

// Our CSP forbids eval: zod must not try `new Function` (Chrome would log a violation).
config({ jitless: true })
