#!/bin/sh
# How production starts the server (`npm run serve`, `npm start`). Each setting holds the resident
# memory down under load; docs/deploy.md «Memory» gives what each buys.
#   MALLOC_ARENA_MAX=2          glibc's arenas: each thread that allocates would keep one of its own
#   MALLOC_MMAP_THRESHOLD_      blocks of 4 MB or more (a password check's 16 MB) mapped and given back
#   --max-semi-space-size=8     V8's young generation at 2 × 8 MB instead of 2 × 64 MB
# scripts/bench/servers.ts reads the two lines below, so the bench measures this very process.
export NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=4194304
exec node --max-semi-space-size=8 build/server.js "$@"
