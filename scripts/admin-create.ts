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
import { ApiError } from '#services/platform/http'
import { createAdminAccount } from '#services/users/admin/accounts'
import { withPlatform, withRetries } from './one-off'

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  strict: true,
})
if (!values.email || !values.name) {
  console.error(
    'Uso: npm run admin:create -- --email correo@fleeters.cl --name "Nombre Apellido" [--role revisor|administrador]',
  )
  process.exit(2)
}

await withPlatform(async (platform) => {
  try {
    const admin = await withRetries(() =>
      createAdminAccount(platform, { email: values.email!, name: values.name!, role: values.role }),
    )
    console.log(
      admin.created
        ? `Cuenta de administración creada: ${admin.email}`
        : `La cuenta ${admin.email} ya existía: se emitió un enlace nuevo.`,
    )
    console.log(`Rol: ${admin.staffRole}. Al iniciar sesión por primera vez, activa la verificación en dos pasos.`)
    console.log('Enlace para crear la contraseña (también enviado por correo, sirve una sola vez):')
    console.log(admin.link)
  } catch (err) {
    console.error(err instanceof ApiError ? err.message : err)
    process.exitCode = 1
  }
})
