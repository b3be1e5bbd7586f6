import { useHydrated } from 'remix-utils/use-hydrated'

/**
 * Marks a submission as coming from the enhanced (JS) page, so the action can answer with data
 * and let the page wait the spec's seconds before moving on. Without JS the action redirects.
 */
export function JsMarker() {
  const hydrated = useHydrated()
  return hydrated ? <input type="hidden" name="_js" value="1" /> : null
}
