#!/usr/bin/env bash
# System packages some tests drive for real: headless Chromium (graph page), systemd-analyze
# (unit files), node + npm (the other-language socket client), jq (the rofi snippet). Installed with apt when missing and
# possible; tests that need them skip with a reason otherwise.
set -uo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium chromium-driver)
command -v systemd-analyze >/dev/null 2>&1 || need+=(systemd)
command -v node >/dev/null 2>&1 || need+=(nodejs npm)
command -v jq >/dev/null 2>&1 || need+=(jq)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[test-deps] installing ${need[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null 2>&1 || true
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null 2>&1 \
        || echo "[test-deps] could not install ${need[*]}; the tests that need them will skip" >&2
else
    echo "[test-deps] missing ${need[*]} (not root or no apt); the tests that need them will skip" >&2
fi
exit 0
