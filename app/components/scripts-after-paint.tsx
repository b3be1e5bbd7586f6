import { Children, cloneElement, Fragment, isValidElement, useContext, type ReactElement, type ReactNode } from 'react'
import {
  Scripts,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
} from 'react-router'

type ScriptsProps = Parameters<typeof Scripts>[0]

/**
 * React Router's `<Scripts/>`, asked for after the first contentful paint.
 *
 * `<Scripts/>` writes ~15–20 `<link rel="modulepreload">` (React hoists them into the head) and an
 * async module script whose imports the browser fetches as soon as it parses them. On a slow
 * mobile connection those ~120 KB of JS share the bandwidth with the HTML and the one stylesheet
 * the first paint needs, and Lighthouse's simulation counts every script that arrived before the
 * paint in the LCP. Every public page works without JavaScript (forms post, links navigate), so
 * the scripts need not come before the paint: this renders what `<Scripts/>` renders, except that
 * the module preloads and the module script are written by a small inline script once the browser
 * reports its first contentful paint (or at once when the page is not visible, where no paint
 * comes). The server context script stays where it is: the streamed loader data (React Router's
 * `streamController.enqueue(…)` scripts after it) needs it while the document is parsed.
 *
 * On the client it renders the same, so hydration matches; after hydration `<Scripts/>` renders
 * nothing, and so does this.
 */
export function ScriptsAfterPaint(props: ScriptsProps) {
  // A build-time constant: the browser's bundle keeps only the second call (and none of the cache).
  return import.meta.env.SSR ? <ServerScripts {...props} /> : rewrite(props, Scripts(props), undefined)
}

/** The deferred elements, with the nonce of the module script `<Scripts/>` wrote (or the one given). */
function rewrite(props: ScriptsProps, scripts: ReactNode, known: Deferred | undefined): ReactNode {
  const deferred = known ?? (scripts ? split(scripts) : null)
  if (!deferred) return null
  // Nothing to defer (a React Router that renders its scripts differently): leave them as they are.
  if (deferred.moduleCode === null) return scripts
  const nonce = props.nonce ?? deferred.nonce
  return (
    <>
      {known && nonce !== undefined ? deferred.kept.map((element) => cloneElement(element, { nonce })) : deferred.kept}
      {/* The loader's code only matters in the server's HTML: hydration does not compare a
          script's inner HTML, so the browser's copy leaves it (and its ~0.7 KB gzip) out. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: deferred.loader }} />
    </>
  )
}

/** Server: `<Scripts/>`'s elements worked out once per page of a production build (see serverCache). */
function ServerScripts(props: ScriptsProps) {
  // On the server a component renders once, so which hooks it calls may differ from one request
  // to the next (`Scripts`'s own are called on a first render only).
  const framework = useContext(FrameworkContext)
  const state = useContext(DataRouterStateContext)
  const key = import.meta.env.PROD && framework && state ? pageKey(framework.serverHandoffString, state) : null
  const pages = key !== null ? serverCache(framework!.manifest) : null
  const known = key !== null ? pages!.get(key) : undefined
  if (known) {
    // What `<Scripts/>` tells the server it rendered: React Router streams the loader data after it.
    if (framework!.renderMeta) framework!.renderMeta.didRenderScripts = true
    return rewrite({ ...props, nonce: props.nonce ?? framework!.nonce }, null, known)
  }
  // `Scripts` is called, not rendered, to rewrite its elements: its hooks are this component's.
  const scripts = Scripts(props)
  if (!scripts) return null
  const deferred = split(scripts)
  if (key !== null && deferred.moduleCode !== null) pages!.set(key, deferred)
  return rewrite(props, scripts, deferred)
}

interface Deferred {
  /** The elements written as they are (React Router's context script). */
  kept: Array<ReactElement<Record<string, unknown>>>
  moduleCode: string | null
  /** The module script's nonce. */
  nonce: string | undefined
  /** The inline loader's code (the server's HTML only). */
  loader: string
}

/** `<Scripts/>`'s elements, sorted into those kept and those the loader writes after the paint. */
function split(scripts: ReactNode): Deferred {
  const kept: Deferred['kept'] = []
  const preloads: Array<Record<string, string>> = []
  let moduleCode: string | null = null
  let nonce: string | undefined
  const walk = (node: ReactNode) => {
    for (const child of Children.toArray(node)) {
      if (!isValidElement(child)) continue
      const element = child as ReactElement<Record<string, unknown>>
      if (element.type === Fragment) {
        walk(element.props.children as ReactNode)
      } else if (element.type === 'link' && element.props.rel === 'modulepreload') {
        preloads.push(linkAttributes(element.props))
      } else if (element.type === 'script' && element.props.type === 'module') {
        moduleCode = (element.props.dangerouslySetInnerHTML as { __html: string }).__html
        nonce = element.props.nonce as string | undefined
      } else {
        kept.push(element)
      }
    }
  }
  walk(scripts)
  const loader =
    import.meta.env.SSR && moduleCode !== null
      ? `(${LOAD_AFTER_FIRST_PAINT})(${inlineJson(preloads)},${inlineJson(moduleCode)})`
      : ''
  return { kept, moduleCode, nonce, loader }
}

/**
 * `<Scripts/>` works out, on every server render, which routes the browser is told about (with
 * lazy route discovery, the routes matching the page's path and each of its parent paths: some
 * 240 route-pattern matches for a driver-area page) and writes them into the module script: 3–4 %
 * of a page's CPU (scripts/bench/render-ab.ts). For one build its elements depend only on the
 * server handoff (constant), the path and the matched routes, so the server keeps them per page,
 * bounded and per manifest (a new build starts empty); each response puts its own nonce on them.
 * Reading those and telling React Router the scripts were rendered (so it streams the loader data
 * after them) takes its `UNSAFE_` contexts: the public way to skip the work, the whole route
 * manifest at load (`routeDiscovery: 'initial'`), adds 4.2 KB of JS the form pages have no room for.
 * `scripts-after-paint.test.tsx` checks a cached render is the same HTML as a fresh one.
 */
const caches = new WeakMap<object, Map<string, Deferred>>()
const MAX_PAGES = 500

function serverCache(manifest: object): {
  get(key: string): Deferred | undefined
  set(key: string, value: Deferred): void
} {
  let map = caches.get(manifest)
  if (!map) caches.set(manifest, (map = new Map()))
  const pages = map
  return {
    get: (key) => pages.get(key),
    set: (key, value) => {
      // Paths with ids (a posting's page) are many: past the bound, start again.
      if (pages.size >= MAX_PAGES) pages.clear()
      pages.set(key, value)
    },
  }
}

function pageKey(
  handoff: string | undefined,
  state: { location: { pathname: string }; matches: Array<{ route: { id: string } }> },
): string {
  return `${handoff ?? ''}\n${state.location.pathname}\n${state.matches.map((m) => m.route.id).join(' ')}`
}

/** The attributes of a `<link rel="modulepreload">` as the DOM spells them (the nonce is the loader's own). */
function linkAttributes(props: Record<string, unknown>): Record<string, string> {
  const names: Record<string, string> = { rel: 'rel', href: 'href', crossOrigin: 'crossorigin', integrity: 'integrity' }
  const attrs: Record<string, string> = {}
  for (const [prop, attr] of Object.entries(names)) {
    const value = props[prop]
    if (typeof value === 'string') attrs[attr] = value
  }
  return attrs
}

/** JSON that is safe inside a `<script>` element: no `</script>`, no `<!--`. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * The inline classic script, called with the preloads' attributes and the module script's code.
 * Plain JavaScript in a string rather than a function's `toString()`, which a bundler may rewrite
 * (helpers, renamed variables). A parser-inserted classic script runs only once the stylesheet
 * before it has arrived, so the page can paint as soon as it has run. It waits for the paint
 * timing entry of the first contentful paint, then a task more; without paint timing (older
 * Safari) for the next frame. A hidden page (a background tab, a prerender) does not paint: it
 * loads at once, or when it is hidden before painting; and in any case after 5 s.
 */
const LOAD_AFTER_FIRST_PAINT = `function (preloads, code) {
  var doc = document, nonce = doc.currentScript && doc.currentScript.nonce, started = false;
  function load() {
    if (started) return;
    started = true;
    preloads.forEach(function (attrs) {
      var link = doc.createElement('link');
      Object.keys(attrs).forEach(function (name) { link.setAttribute(name, attrs[name]); });
      if (nonce) link.nonce = nonce;
      doc.head.appendChild(link);
    });
    var script = doc.createElement('script');
    script.type = 'module';
    if (nonce) script.nonce = nonce;
    script.textContent = code;
    doc.body.appendChild(script);
  }
  function afterPaint() { setTimeout(load, 0); }
  if (doc.visibilityState !== 'visible') return load();
  doc.addEventListener('visibilitychange', load);
  setTimeout(load, 5000);
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      afterPaint();
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    requestAnimationFrame(afterPaint);
  }
}`
