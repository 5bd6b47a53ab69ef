#!/bin/sh
# The image's entrypoint (docs/operations.md), also run as it is by CI (server/deploy.test.ts):
#   start                      migrate, then serve (migrations run under a lock: instances may start together)
#   create-admin --email …     the first admin of a new installation
#   backup [--out …]           a verified backup of the database
#   restore --from … [--force] a backup into an empty database
set -eu
APP_DIR="${APP_DIR:-/app}"
cd "$APP_DIR"
command="${1:-start}"
[ $# -gt 0 ] && shift
case "$command" in
  start) exec node dist-server/index.mjs "$@" ;;
  create-admin) exec node dist-server/create-admin.mjs "$@" ;;
  backup) exec node dist-server/backup.mjs backup "$@" ;;
  restore) exec node dist-server/backup.mjs restore "$@" ;;
  *) echo "usage: saljkraft [start | create-admin … | backup … | restore …]" >&2; exit 64 ;;
esac
