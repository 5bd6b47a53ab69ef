#!/usr/bin/env bash
# Installs what a fresh machine lacks for the tests: Debian's Chromium (Playwright cannot download
# its own browser here), OpenLDAP's slapd and pdftotext, espeak-ng and sox, a running PostgreSQL when the machine has one, and the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium-l10n: the browser's own Swedish, which native date fields follow (as on a Swedish phone).
# chromium-headless-shell: the same Chromium without the browser around the page, which the end-to-end tests run in.
if [ ! -x /usr/bin/chromium ] || [ ! -f /usr/lib/chromium/locales/sv.pak ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
  echo "Installing Debian's Chromium (with its translations and its headless shell) for the end-to-end tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-l10n chromium-headless-shell >/dev/null
fi

# OpenLDAP's server (the recruiting directory's tests start their own on a free port) and poppler's pdftotext (the
# contracts' tests read the PDFs' text). Its package's own service is not needed: the tests start slapd themselves.
if [ ! -x /usr/sbin/slapd ] || ! command -v pdftotext >/dev/null; then
  echo "Installing OpenLDAP's slapd and poppler-utils for the recruiting tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq slapd ldap-utils poppler-utils >/dev/null
fi

# nginx: the deployment's proxy configuration is checked by nginx's own `nginx -t` (server/deploy.test.ts).
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  echo "Installing nginx to check the deployment's proxy configuration…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx-light >/dev/null || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
fi

# espeak-ng and sox: the transcriptions' tests speak their own recordings (Swedish) for a fake speech engine.
if ! command -v espeak-ng >/dev/null || ! command -v sox >/dev/null; then
  echo "Installing espeak-ng and sox for the transcriptions' tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq espeak-ng sox >/dev/null
fi

if command -v pg_isready >/dev/null && ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  if [ -d /etc/postgresql ] && command -v pg_ctlcluster >/dev/null; then
    echo "Starting PostgreSQL…"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  fi
fi

# The runtime and the npm packages (scripts/install.sh: what running the app needs too).
bash scripts/install.sh
