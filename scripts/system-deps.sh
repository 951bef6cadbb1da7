#!/usr/bin/env bash
# Installs, with apt-get, the Debian packages the tests or the demo need and this machine lacks.
#
#   bash scripts/system-deps.sh         # for `npm test` / `npm run test:e2e` (and .ci/run)
#   bash scripts/system-deps.sh demo    # for `npm run demo`
#
# When everything is there it only looks at a few files (no apt-get, no output). Otherwise it installs
# what is missing as root or through passwordless sudo; with neither, it stops at once with one line
# that gives the command to run. CHROMIUM_PATH / FIREFOX_PATH (see test/e2e/harness.ts, firefox.ts)
# name a browser of your own: its Debian package is then not required.
set -euo pipefail

purpose=${1:-test}
case "$purpose" in
  test | demo) ;;
  *)
    echo "usage: bash scripts/system-deps.sh [test|demo]" >&2
    exit 2
    ;;
esac

missing=()
need() { # need PACKAGE: adds it unless already listed
  local p
  for p in "${missing[@]}"; do [[ $p == "$1" ]] && return; done
  missing+=("$1")
}

if [[ -z ${CHROMIUM_PATH:-} ]]; then
  [[ -x /usr/bin/chromium ]] || need chromium
  # Debian's chromium has only English; the others come with chromium-l10n. Without them Chromium
  # started in German, French, Japanese or Arabic shows English (test/e2e/i18n.spec.ts, a11y.spec.ts).
  if [[ $purpose == test ]]; then
    for lang in de fr ja ar; do
      [[ -e /usr/lib/chromium/locales/$lang.pak ]] || need chromium-l10n
    done
  fi
fi
# Without a font, Chromium draws text as empty boxes in screenshots. DejaVu has no Japanese, Chinese,
# Korean or Arabic letters: Noto CJK and Noto's core fonts (Arabic among them) draw those, for the
# tests in those languages and for the README's screenshots.
[[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]] || need fonts-dejavu-core
[[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]] || need fonts-noto-cjk
[[ -e /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ]] || need fonts-noto-core
if [[ $purpose == test ]]; then
  # test/e2e/firefox.spec.ts runs the Firefox build in Debian's Firefox ESR.
  [[ -n ${FIREFOX_PATH:-} ]] || [[ -x /usr/bin/firefox-esr ]] || need firefox-esr
  # scripts/with-display.sh starts Xvfb when there is no DISPLAY; the harness always drives the
  # keyboard, mouse and clipboard with xdotool and xclip.
  command -v xvfb-run >/dev/null || need xvfb
  command -v xauth >/dev/null || need xauth
  command -v xdotool >/dev/null || need xdotool
  command -v xclip >/dev/null || need xclip
  # The popup's QR code, copied as an image, is decoded back to its short URL (test/e2e/qr.spec.ts).
  command -v zbarimg >/dev/null || need zbar-tools
  # The address bar's list is drawn by the browser, outside any page: its rows are counted on a dump
  # of the screen (test/e2e/pages/address-bar.ts).
  command -v xwd >/dev/null || need x11-apps
elif [[ -z ${DISPLAY:-} ]]; then
  # Without a desktop the demo can run only under xvfb-run (DEMO_HEADLESS_OK=1, see scripts/demo.ts).
  command -v xvfb-run >/dev/null || need xvfb
  command -v xauth >/dev/null || need xauth
fi

((${#missing[@]})) || exit 0

install_cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if ! command -v apt-get >/dev/null; then
  echo "Missing system packages: ${missing[*]}. This script installs them only with apt-get (Debian/Ubuntu): install their equivalents, or name your browsers with CHROMIUM_PATH and FIREFOX_PATH." >&2
  exit 1
fi
as_root=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  else
    echo "Missing system packages: ${missing[*]}. Run: sudo apt-get update && sudo $install_cmd" >&2
    exit 1
  fi
fi

echo "system-deps: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq </dev/null
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  "${missing[@]}" </dev/null
