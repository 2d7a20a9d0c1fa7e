#!/usr/bin/env bash
# The Python packages the engine tests use (engine/requirements.txt: Ray, pinned), installed
# with pip for python3 when the pinned versions are not there yet; quiet, and nothing to do
# the second time. Called by tools/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 is not installed: the engine tests (crates/treaty-cli/tests/engine.rs) need Python 3 with engine/requirements.txt (Ray 2.60 installs on Python 3.10 to 3.13; tested on 3.11)" >&2
    exit 0
fi
wanted=$(grep -E '^[A-Za-z0-9_.-]+==' engine/requirements.txt)
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
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r engine/requirements.txt
