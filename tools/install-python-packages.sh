#!/usr/bin/env bash
# The Python packages the tests use, at the versions pinned in engine/requirements.txt (Ray, for
# the engine tests) and tools/test-requirements.txt (DuckDB, for the dataset tests), installed
# with pip for python3 when a pinned version is not there yet; quiet, and nothing to do the
# second time. Called by tools/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
requirements=(engine/requirements.txt tools/test-requirements.txt)
if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 is not installed: the engine and dataset tests need Python 3 with ${requirements[*]} (Ray 2.60 installs on Python 3.10 to 3.13; tested on 3.11)" >&2
    exit 0
fi
wanted=$(cat "${requirements[@]}" | grep -E '^[A-Za-z0-9_.-]+==')
if python3 - "$wanted" <<'PY'
import sys
from importlib.metadata import PackageNotFoundError, version

for line in sys.argv[1].split():
    name, pinned = line.split("==")
    try:
        if version(name) != pinned:
            sys.exit(1)
    except PackageNotFoundError:
        sys.exit(1)
PY
then
    exit 0
fi
echo "installing for python3: $(echo "$wanted" | tr '\n' ' ')" >&2
# shellcheck disable=SC2046 # one requirement file argument each
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    $(printf -- '-r %s ' "${requirements[@]}")
