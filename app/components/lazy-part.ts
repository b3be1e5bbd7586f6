import { createElement, lazy, type ComponentType } from 'react'

/**
 * A part of a page whose code loads apart: a dialog or a form the URL opens
 * (`?editar=1`, `?modal=…`), whose code the page's first load need not carry. `Part` renders it;
 * `preload()` fetches its code. The route preloads what its URL asks for before anything renders
 * it: in its loader on the server (the page is rendered whole, dialogs included, for the no-JS
 * path), at the top of its module in the browser (the page hydrates with the part's code there),
 * and in its clientLoader on a navigation. Once loaded, the part renders at once (React.lazy is
 * handed a thenable that answers synchronously), so it never suspends and needs no Suspense
 * boundary, whose fallback the server could write instead of a large part.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  type Loaded = { default: ComponentType<P> }
  let loaded: Loaded | null = null
  let pending: Promise<void> | null = null
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (component) => void (loaded = { default: component }),
      (error: unknown) => {
        pending = null
        throw error
      },
    ))
  const now = (value: Loaded) =>
    ({ then: (resolve: (value: Loaded) => void) => resolve(value) }) as unknown as Promise<Loaded>
  const Lazy = lazy(() => (loaded ? now(loaded) : preload().then(() => loaded!)))
  const Part = (props: P) => createElement(Lazy as ComponentType<P>, props)
  return Object.assign(Part, { preload })
}
