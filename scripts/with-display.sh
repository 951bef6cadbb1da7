#!/usr/bin/env bash
# Runs a command with an X display: the current one when DISPLAY is set, otherwise a fresh Xvfb.
# The command's exit status is passed through.
set -euo pipefail

if [[ -n "${DISPLAY:-}" ]]; then
  exec "$@"
fi
if ! command -v xvfb-run >/dev/null; then
  echo "with-display: DISPLAY is unset and xvfb-run is missing: apt-get install xvfb xauth" >&2
  exit 127
fi
exec xvfb-run -a --server-args="-screen 0 1280x1024x24" "$@"
