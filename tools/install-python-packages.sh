#!/usr/bin/env bash
# The Python packages the tests use, installed from PyPI when missing, at pinned versions:
# duckdb, which reads the Parquet and CSV datasets in crates/treaty-cli/tests/parquet.rs as a
# data user would. Without pip it says what is missing (those tests then fail naming it).
set -euo pipefail
missing=""
python3 -c "import duckdb" 2>/dev/null || missing="$missing duckdb==1.1.3"
if [ -z "$missing" ]; then
    exit 0
fi
if python3 -m pip --version >/dev/null 2>&1; then
    echo "installing Python packages:$missing" >&2
    # shellcheck disable=SC2086
    python3 -m pip install --quiet --disable-pip-version-check $missing
else
    echo "missing Python packages:$missing (pip install them for the dataset tests)" >&2
fi
