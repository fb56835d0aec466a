#!/usr/bin/env bash
# `npm run bench:python -- --json`: the client's benchmark in the client's own virtualenv.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -x "$here/.venv/bin/python" ]; then
  python3 -m venv "$here/.venv" >&2
  "$here/.venv/bin/pip" install -q -e "$here" >&2
fi
exec "$here/.venv/bin/python" "$here/bench/handler_bench.py" "$@"
