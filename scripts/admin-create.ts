/**
 * npm run admin:create -- --email ops@fleeters.cl --name "Olga Operaciones" --role revisor|administrador
 *
 * --role: «revisor» (documents, powers, drivers) or «administrador» (everything, the team too);
 * a new account without it is revisor, an existing one keeps its role (decision 77). At the
 * first login the account enrols its authenticator app (second factor).
 *
 * Creates an operations-console account (role admin) in the configured database (DATA_DIR or
 * DATABASE_URL, as the server) and mails a one-time link to set its password through the outbox;
 * the link is printed too. Run again for the same email to issue a new link.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '#services/platform/config'
import { ApiError } from '#services/platform/http'
import { createPlatform } from '#services/platform/platform'
import { memoryRateLimiter } from '#services/platform/rate-limit'
import { keepDataPrivate } from '#services/platform/runtime'
import { createAdminAccount } from '#services/users/admin/accounts'

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } }, strict: true })
if (!values.email || !values.name) {
  console.error('Uso: npm run admin:create -- --email correo@fleeters.cl --name "Nombre Apellido" [--role revisor|administrador]')
  process.exit(2)
}

/**
 * This process writes to the database the running server is writing to. On SQLite a transaction
 * that reads, then writes, fails at once with SQLITE_BUSY when the server wrote in between (the
 * busy timeout does not cover that case): try again a few times.
 */
async function withRetries<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run()
    } catch (err) {
      const code = (err as { code?: unknown }).code
      if (i >= attempts || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw err
      await new Promise((r) => setTimeout(r, 100 * i))
    }
  }
}

// The script never serves requests: no shared rate-limit store is needed.
const config = loadConfig(process.env)
keepDataPrivate(config.dataDir)
const platform = await withRetries(() => createPlatform(config, { limiter: memoryRateLimiter() }))
try {
  const admin = await withRetries(() => createAdminAccount(platform, { email: values.email!, name: values.name!, role: values.role }))
  console.log(admin.created ? `Cuenta de administración creada: ${admin.email}` : `La cuenta ${admin.email} ya existía: se emitió un enlace nuevo.`)
  console.log(`Rol: ${admin.staffRole}. Al iniciar sesión por primera vez, activa la verificación en dos pasos.`)
  console.log('Enlace para crear la contraseña (también enviado por correo, sirve una sola vez):')
  console.log(admin.link)
} catch (err) {
  console.error(err instanceof ApiError ? err.message : err)
  process.exitCode = 1
} finally {
  await platform.close()
}
