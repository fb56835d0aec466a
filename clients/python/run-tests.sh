#!/usr/bin/env bash
# Runs the seyir Python client's checks: ruff, mypy, pytest. Called by the monorepo's `npm test`.
# Creates clients/python/.venv on first use; works from a fresh clone with Python 3.9+ and PyPI.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

python="${PYTHON:-python3}"
venv="$here/.venv"
stamp="$venv/.seyir-installed"

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi

# Reinstall when pyproject.toml changed since the last install (or the install never finished).
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[test]"
  touch "$stamp"
fi

echo "== ruff"
"$venv/bin/ruff" check src tests bench
echo "== mypy"
"$venv/bin/mypy"
echo "== pytest"
"$venv/bin/python" -m pytest -q "$@"
