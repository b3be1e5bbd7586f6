import { NotFound } from '#app/components/not-found'

/** Unknown paths inside the company area: the not-found page with status 404. */
export function loader() {
  throw new Response('No encontrado', { status: 404 })
}

export default function BusinessNotFound() {
  return <NotFound />
}
