#!/usr/bin/env bash
# The A/B variants of docs/architecture.md «Mechanisms and what each buys»: one git worktree per
# mechanism left out (branch ab-<name>, never merged) beside this checkout in ../ab/<name>, each
# built into its build-bench folder. Then, with A = this checkout's `BUILD_DIR=build-bench` build:
#   npx tsx scripts/bench/ab.ts --b=../ab/session-open/build-bench,../ab/app-link/build-bench,…
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

all=(public-cache session-open guard-memo consent-memo scripts-cache app-link statement-cache inprocess-auth)
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
    guard-memo)
      edit "$n" app/.server/auth.ts "  let answer = perRequest.get(key)" \
        "  let answer: Promise<BackendResult<LiveSessionUser>> | undefined = undefined" ;;
    consent-memo)
      edit "$n" app/.server/consents.ts "  if (settled.has(key)) return"$'\n' "" ;;
    scripts-cache)
      # React Router's public <Scripts/> on the server too: no UNSAFE_ context.
      edit "$n" app/components/scripts-after-paint.tsx \
        "  return import.meta.env.SSR ? <ServerScripts {...props} /> : rewrite(props, Scripts(props), undefined)" \
        "  return rewrite(props, Scripts(props), undefined)" ;;
    app-link)
      for f in app/components/marketplace/for-you.tsx app/components/marketplace/posting-card.tsx \
        app/components/driver/documents.tsx app/routes/user/layout.tsx; do
        edit "$n" "$f" "const AppLink = import.meta.env.SSR ? ServerLink : Link" "const AppLink = Link"
      done ;;
    statement-cache)
      edit "$n" services/platform/db/connect.ts "      if (kept && !kept.busy) return kept" "" ;;
    inprocess-auth)
      edit "$n" services/platform/auth.ts "  if (!(memo instanceof Map)) return authenticate(p, token)" \
        "  return authenticate(p, token)" ;;
    *) echo "unknown variant: $n" >&2; exit 1 ;;
  esac
  (
    cd "$root/../ab/$n"
    git -c user.email=bench@fleeters.cl -c user.name=bench commit -qam "A/B variant without $n (never merged)" || true
    if BUILD_DIR=build-bench npx react-router build >"build-bench.log" 2>&1; then echo "built $n"
    else echo "build failed: $n (../ab/$n/build-bench.log)"; fi
  )
done
