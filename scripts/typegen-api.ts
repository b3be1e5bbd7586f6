/**
 * `npm run typegen:api` (run by `npm run typecheck` and `npm run lint` before tsc and knip): writes
 * the types of the services' operations — path, method, params, body and answers — to
 * app/.server/backend/api/{users,business,general}.d.ts with openapi-typescript, from the OpenAPI
 * document the routes' own declarations build (services/platform/contract.ts), one per service so
 * a call names the service its base URL comes from. The output is not committed (.gitignore), as
 * React Router's typegen: the declarations are the one source, so no copy can go stale.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import { createServicesApp, type ServiceName } from '#services/app'
import { createTestPlatform } from '#services/testing/platform'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'app', '.server', 'backend', 'api')
const SERVICES: ServiceName[] = ['users', 'business', 'general']

const platform = await createTestPlatform('sqlite')
try {
  fs.mkdirSync(out, { recursive: true })
  for (const service of SERVICES) {
    const res = await createServicesApp(platform, [service]).request('/openapi.json')
    const ast = await openapiTS(await res.json())
    const header = "// Written by `npm run typegen:api` from the services' route declarations: do not edit.\n"
    fs.writeFileSync(path.join(out, `${service}.d.ts`), header + astToString(ast))
  }
} finally {
  await platform.destroy()
}
