import type { Route } from './+types/security'

export const meta: Route.MetaFunction = () => [{ title: 'Seguridad | Panel del conductor | Fleeters' }]

/** Spec §2: /settings/seguridad shows only the settings menu (the layout); no content of its own. */
export default function SecuritySettings() {
  return (
    <main id="contenido">
      <h1 className="sr-only">Seguridad</h1>
    </main>
  )
}
