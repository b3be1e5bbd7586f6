import { useRouteLoaderData } from 'react-router'
import { Tabs } from '#app/components/ui/tabs'
import { POSTINGS_PATH } from './posting-links'

export { POSTINGS_PATH }

const TABS = [
  { to: POSTINGS_PATH, label: 'Todas', end: true },
  { to: `${POSTINGS_PATH}/guardadas`, label: 'Guardadas', end: true },
  { to: `${POSTINGS_PATH}/postuladas`, label: 'Mis postulaciones', end: true },
]

/** The driver's three postings lists (links, so they work without JS); «Mis postulaciones» counts unread messages. */
export function PostingsTabs() {
  const unread = useRouteLoaderData<{ unreadMessages?: number }>('routes/user/layout')?.unreadMessages ?? 0
  const items = unread
    ? TABS.map((t) => (t.to.endsWith('/postuladas') ? { ...t, label: <Unread label={t.label} n={unread} /> } : t))
    : TABS
  return <Tabs items={items} label="Listas de ofertas" />
}

function Unread({ label, n }: { label: string; n: number }) {
  return (
    <>
      {label}{' '}
      <span className="ml-1 rounded-full bg-red-700 px-1.5 text-xs leading-5 text-white">
        {n}
        <span className="sr-only"> sin leer</span>
      </span>
    </>
  )
}
