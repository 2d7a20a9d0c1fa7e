#!/usr/bin/env bash
# The tests: the system packages they need first (tools/install-system-packages.sh) and the
# Python packages (tools/install-python-packages.sh: DuckDB for the dataset tests, Ray for the
# engine's), then every crate's tests. Arguments go to cargo test.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-system-packages.sh
tools/install-python-packages.sh
cargo test --workspace "$@"
