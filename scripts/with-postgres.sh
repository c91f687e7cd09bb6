#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh CMD [ARG...]
#
# Starts a throwaway PostgreSQL server on 127.0.0.1 (a free port, data in a fresh temporary directory,
# durability switched off for speed), exports
#   HEIRLOOM_TEST_DATABASE_URL=postgres://heirloom:heirloom@127.0.0.1:PORT/heirloom_test?sslmode=disable (loopback: no TLS to negotiate)
# runs CMD, then always stops the server and deletes the directory. Exits with CMD's status.
# The role `heirloom` is a superuser, so tests may create and drop databases of their own.
set -euo pipefail

if (($# == 0)); then
    echo "usage: $0 CMD [ARG...]" >&2
    exit 2
fi

pg_bin=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
if [[ -z $pg_bin || ! -x $pg_bin/initdb ]]; then
    echo "error: PostgreSQL server binaries not found under /usr/lib/postgresql; run: make deps" >&2
    exit 1
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/heirloom-pg.XXXXXX")
data=$dir/data
started=false

# PostgreSQL refuses to run as root: then the server belongs to the `postgres` system user.
as_server_user() {
    if [[ $(id -u) -eq 0 ]]; then
        (cd "$dir" && runuser -u postgres -- "$@")
    else
        "$@"
    fi
}

# shellcheck disable=SC2317  # invoked by the trap
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    if [[ -f $data/postmaster.pid ]]; then
        as_server_user "$pg_bin/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
            as_server_user "$pg_bin/pg_ctl" -D "$data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ $(id -u) -eq 0 ]]; then
    chown postgres:postgres "$dir"
fi

printf 'heirloom\n' >"$dir/password"
as_server_user "$pg_bin/initdb" -D "$data" --username=heirloom --pwfile="$dir/password" \
    --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --no-locale --no-sync \
    >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    echo "error: initdb failed" >&2
    exit 1
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

cat >>"$data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
max_connections = 300
# A throwaway server: durability only costs time.
fsync = off
synchronous_commit = off
full_page_writes = off
EOF

# Another process may take the port between finding and binding it: try a few.
for _ in 1 2 3; do
    port=$(free_port)
    if as_server_user "$pg_bin/pg_ctl" -D "$data" -l "$dir/server.log" -o "-p $port" -w -t 60 -s start >/dev/null; then
        started=true
        break
    fi
    # pg_ctl may give up waiting while the server is still coming up: make sure it is down.
    as_server_user "$pg_bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
done
if ! $started; then
    cat "$dir/server.log" >&2 || true
    echo "error: PostgreSQL did not start" >&2
    exit 1
fi

as_server_user "$pg_bin/psql" -h "$dir" -p "$port" -U heirloom -d postgres -q -v ON_ERROR_STOP=1 \
    -c 'CREATE DATABASE heirloom_test' >/dev/null

export HEIRLOOM_TEST_DATABASE_URL="postgres://heirloom:heirloom@127.0.0.1:$port/heirloom_test?sslmode=disable"
echo "with-postgres: PostgreSQL $(basename "$(dirname "$pg_bin")") on 127.0.0.1:$port" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
