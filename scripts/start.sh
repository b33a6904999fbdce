#!/bin/sh
# `npm start`: the process settings that must be given before Node starts, then scripts/start.mjs
# in this same process (exec: no shell left waiting). docs/decisions.md "Idle memory of the
# embedded default" has the measurements.
#
# glibc's allocator: blocks of 32 KB and more are mapped on their own and go back to the system
# when freed, and at most two arenas. V8 frees the tens of MB it used to compile PGlite's
# WebAssembly at start-up, which glibc otherwise keeps (about 50 MB of an idle server); no change
# in requests a second. Whatever is set in the environment wins.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-65536}"

# The embedded default (no DATABASE_URL) runs on a laptop as often as on a server: a young
# generation of 4 MB semi-spaces instead of 16 keeps it under 250 MB idle, for about a tenth fewer
# cached list requests a second. A deployment on PostgreSQL keeps V8's default.
if [ -z "${DATABASE_URL:-}" ]; then
  exec node --max-semi-space-size=4 "$(dirname "$0")/start.mjs" "$@"
fi
exec node "$(dirname "$0")/start.mjs" "$@"
