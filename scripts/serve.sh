#!/usr/bin/env bash
# Sets up what is missing, builds the web app and serves it on http://127.0.0.1:8000.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
build_preset web
exec node "$ROOT/scripts/static-server.mjs" "$ROOT/build/web/site" "${PORT:-8000}"
