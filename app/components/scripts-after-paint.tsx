import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Scripts } from 'react-router'

type ScriptsProps = Parameters<typeof Scripts>[0]

/**
 * React Router's `<Scripts/>`, asked for after the first contentful paint (issue 14 item 4).
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
  // `Scripts` is called, not rendered, to rewrite its elements: its hooks are this component's.
  const scripts = Scripts(props)
  if (!scripts) return null
  const kept: ReactNode[] = []
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
  // Nothing to defer (a React Router that renders its scripts differently): leave them as they are.
  if (moduleCode === null) return scripts
  return (
    <>
      {kept}
      {/* The loader's code only matters in the server's HTML: hydration does not compare a
          script's inner HTML, so the browser's copy leaves it (and its ~0.7 KB gzip) out. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? `(${LOAD_AFTER_FIRST_PAINT})(${inlineJson(preloads)},${inlineJson(moduleCode)})` : '' }}
      />
    </>
  )
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
