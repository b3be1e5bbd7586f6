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
    ? TABS.map((t) => (t.to.endsWith('/postuladas') ? { ...t, count: { n: unread, words: 'sin leer' } } : t))
    : TABS
  return <Tabs items={items} label="Listas de ofertas" />
}
