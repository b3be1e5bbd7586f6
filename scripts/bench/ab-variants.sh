#!/usr/bin/env bash
# The A/B variants of docs/architecture.md «Mechanisms and what each buys»: one git worktree per
# mechanism left out (branch ab-<name>, never merged) beside this checkout in ../ab/<name>, each
# built into its build-bench folder. Then, with A = this checkout's `BUILD_DIR=build-bench` build:
#   npx tsx scripts/bench/ab.ts --b=../ab/session-open/build-bench,../ab/statement-cache/build-bench,…
# except render-switch, a build for scripts/bench/render-ab.ts (one process, the mechanism picked per request).
# Usage: bash scripts/bench/ab-variants.sh [name…]   (every variant without names)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
# shellcheck source=../use-node.sh
source scripts/use-node.sh 24 >/dev/null

# edit <name> <file> <old> <new>: the variant's checkout with <old> replaced by <new> in <file>.
edit() {
  local wt="$root/../ab/$1"
  if [ ! -d "$wt" ]; then
    git worktree add -q "$wt" -b "ab-$1" HEAD
    ln -s "$root/node_modules" "$wt/node_modules"
  fi
  python3 - "$wt/$2" "$3" "$4" <<'PY'
import sys
path, old, new = sys.argv[1:]
text = open(path).read()
if old in text:
    open(path, 'w').write(text.replace(old, new))
elif new not in text:
    sys.exit(f'{path}: the text to replace is not there')
PY
}

all=(public-cache session-open scripts-cache statement-cache inprocess-auth app-compression render-switch)
names=("${@:-${all[@]}}")
for n in "${names[@]}"; do
  case $n in
    public-cache)
      edit "$n" app/.server/backend/client.ts \
        "const cacheKey = method === 'GET' && !options.auth ? \`\${service} \${path}\` : null" \
        "const cacheKey = null as string | null" ;;
    session-open)
      edit "$n" app/.server/session.ts "  let pending = cache.get(raw)" \
        "  let pending: Promise<WebSession | null> | undefined = undefined" ;;
    scripts-cache)
      # React Router's public <Scripts/> on the server too: no UNSAFE_ context.
      edit "$n" app/components/scripts-after-paint.tsx \
        "  return import.meta.env.SSR ? <ServerScripts {...props} /> : rewrite(props, Scripts(props), undefined)" \
        "  return rewrite(props, Scripts(props), undefined)" ;;
    statement-cache)
      edit "$n" services/platform/db/connect.ts "      if (kept && !kept.busy) return kept" "" ;;
    app-compression)
      # Documents left to the server's compress() middleware (gzip through CompressionStream).
      edit "$n" app/entry.server.tsx \
        "request.method === 'HEAD' ? null : preferredEncoding(request.headers.get('accept-encoding'))" \
        "null as Encoding" ;;
    inprocess-auth)
      edit "$n" services/platform/auth.ts "  if (!(memo instanceof Map)) return authenticate(p, token)" \
        "  return authenticate(p, token)" ;;
    render-switch)
      # Not a B: one build whose pages read a header, for scripts/bench/render-ab.ts. `x-ab: S`
      # renders <Scripts/> afresh (no kept elements), `T` keeps them and also times a fresh
      # <Scripts/> in the render, `P` answers the times gathered so far (and forgets them).
      edit "$n" app/components/scripts-after-paint.tsx \
        "  return import.meta.env.SSR ? <ServerScripts {...props} /> : rewrite(props, Scripts(props), undefined)" \
        "  const ab = (globalThis as { __ab?: string }).__ab ?? ''
  if (import.meta.env.SSR && ab.includes('T')) {
    const started = performance.now()
    const fresh = Scripts(props)
    if (fresh) split(fresh)
    const g = globalThis as { __scriptsTimes?: number[] }
    ;(g.__scriptsTimes ??= []).push(performance.now() - started)
  }
  if (import.meta.env.SSR && ab.includes('S')) return rewrite(props, Scripts(props), undefined)
  return import.meta.env.SSR ? <ServerScripts {...props} /> : rewrite(props, Scripts(props), undefined)"
      edit "$n" server/pages.ts "    const request = asAddressed(c.req.raw)" \
        "    const request = asAddressed(c.req.raw)
    const g = globalThis as { __ab?: string; __scriptsTimes?: number[] }
    g.__ab = c.req.header('x-ab') ?? ''
    if (g.__ab === 'P') {
      const times = g.__scriptsTimes ?? []
      g.__scriptsTimes = []
      return c.json(times)
    }" ;;
    *) echo "unknown variant: $n" >&2; exit 1 ;;
  esac
  (
    cd "$root/../ab/$n"
    git -c user.email=bench@fleeters.cl -c user.name=bench commit -qam "A/B variant without $n (never merged)" || true
    if BUILD_DIR=build-bench npx react-router build >"build-bench.log" 2>&1; then echo "built $n"
    else echo "build failed: $n (../ab/$n/build-bench.log)"; fi
  )
done
