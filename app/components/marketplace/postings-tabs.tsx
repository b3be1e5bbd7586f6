import { Tabs } from '#app/components/ui/tabs'
import { POSTINGS_PATH } from './posting-links'

export { POSTINGS_PATH }

const TABS = [
  { to: POSTINGS_PATH, label: 'Todas', end: true },
  { to: `${POSTINGS_PATH}/guardadas`, label: 'Guardadas', end: true },
  { to: `${POSTINGS_PATH}/postuladas`, label: 'Mis postulaciones', end: true },
]

/** The driver's three postings lists (links, so they work without JS). */
export function PostingsTabs() {
  return <Tabs items={TABS} label="Listas de ofertas" />
}
