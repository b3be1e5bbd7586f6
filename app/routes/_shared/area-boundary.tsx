import { Outlet, useMatches } from 'react-router'
import { AreaError } from '#app/components/area-error'
import type { Route } from './+types/area-boundary'

/**
 * A pathless route under each signed-in area's layout (app/routes.ts): a page whose loader or
 * action fails is replaced by the error, inside the layout, which keeps its navigation.
 */
export default function AreaPages() {
  return <Outlet />
}

const HOMES: Record<string, string> = {
  'driver-pages': '/user/dashboard/home',
  'company-pages': '/business/dashboard',
  'console-pages': '/admin',
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const id = useMatches().find((m) => m.id in HOMES)?.id
  return <AreaError error={error} home={id ? HOMES[id]! : '/'} />
}
