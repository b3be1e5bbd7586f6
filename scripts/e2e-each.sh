#!/usr/bin/env bash
# Runs every e2e spec file alone (its own server, its own data), one after the other, and prints
# one summary line per file: each file must pass without the others.
# Usage: npm run test:e2e:each [-- file ...]   (builds first; extra Playwright flags via PW_FLAGS)
set -uo pipefail
cd "$(dirname "$0")/.."
npx react-router build >/dev/null 2>&1 || { echo "build failed"; exit 1; }
files=("$@")
[ ${#files[@]} -gt 0 ] || mapfile -t files < <(ls e2e/*.spec.ts)
failed=0
for f in "${files[@]}"; do
  # --no-deps: a spec that depends on other projects (the shared-content one) runs by itself;
  # its two projects edit the same content, so one worker runs them one after the other.
  extra=""
  [[ "$f" == *admin-content* ]] && extra="--workers=1"
  out=$(npx playwright test "$f" --no-deps $extra ${PW_FLAGS:-} 2>&1)
  code=$?
  summary=$(grep -m1 '^Playwright summary:' <<<"$out" || echo "Playwright summary: (none)")
  printf '%-40s exit %d  %s\n' "$(basename "$f")" "$code" "${summary#Playwright summary: }"
  # A pass on a retry: name the attempt that failed and why, so a rare flake can be traced.
  if [ $code -eq 0 ] && ! grep -q ' 0 flaky' <<<"$summary"; then
    grep -E '✘|Error:|Expected|Received' <<<"$out" | head -12
  fi
  if [ $code -ne 0 ]; then
    failed=$((failed + 1))
    grep -E '^\s+[0-9]+\) |Error:|Locator:|Expected|Received|^\s+at .*\.spec\.ts' <<<"$out" | head -30
  fi
done
echo "files run alone: ${#files[@]}, failed: $failed"
[ $failed -eq 0 ]
