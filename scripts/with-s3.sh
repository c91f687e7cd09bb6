#!/usr/bin/env bash
# Usage: scripts/with-s3.sh CMD [ARG...]
#
# Starts a throwaway S3-compatible server on 127.0.0.1: Ceph's RADOS Gateway on a one-node cluster (one
# monitor, one OSD that keeps its objects in memory, pools of size 1) made in a fresh temporary directory
# with its own ceph.conf, keyring, logs and free ports; nothing in /etc/ceph or /var/lib/ceph is used.
# It makes an S3 user with keys new to each run and an empty bucket, exports
#   HEIRLOOM_TEST_S3_ENDPOINT=http://127.0.0.1:PORT        (path-style: ENDPOINT/BUCKET/KEY)
#   HEIRLOOM_TEST_S3_BUCKET=heirloom-test
#   HEIRLOOM_TEST_S3_REGION=us-east-1                      (the gateway takes a signature for any region)
#   HEIRLOOM_TEST_S3_ACCESS_KEY_ID, HEIRLOOM_TEST_S3_SECRET_ACCESS_KEY
#   HEIRLOOM_TEST_S3_PID=the gateway's process id, for a test that stops the store in the middle of a call
#   HEIRLOOM_TEST_S3_RESTART=a script that stops the gateway if it runs, starts it again on the same port,
#     waits until it answers and prints its new process id; the objects stay, as they live in the OSD
# runs CMD, then always stops the daemons and deletes the directory. Exits with CMD's status.
# It is ready in 1 to 3 s. The daemons take about 150 MB of memory, and the OSD about twice what it stores;
# it stores 4 GB at most.
#
# Virtual-hosted style works too, for a request to 127.0.0.1 that says Host: BUCKET.localhost:PORT.
# This radosgw (Ceph 16) answers CompleteMultipartUpload with an empty ETag; HEAD and GET give the right one.
# Once a gateway has been killed, making a bucket waits about 5 s (its watches time out; see ceph.conf below).
set -euo pipefail

if (($# == 0)); then
    echo "usage: $0 CMD [ARG...]" >&2
    exit 2
fi

# Only processes whose command line names this run's ceph.conf are ours to stop.
ours() {
    [[ -n $1 ]] && grep -qaF -- "$conf" "/proc/$1/cmdline" 2>/dev/null
}

# Sends the signal to the daemon and waits until it is gone, killing it after 10 s.
stop_daemon() {
    local pid_file=$dir/run/$1.pid pid
    [[ -f $pid_file ]] || return 0
    pid=$(<"$pid_file")
    rm -f "$pid_file"
    ours "$pid" || return 0
    kill "-$2" "$pid" 2>/dev/null || true
    for _ in $(seq 200); do
        ours "$pid" || return 0
        sleep 0.05
    done
    kill -KILL "$pid" 2>/dev/null || true
    while ours "$pid"; do sleep 0.05; done
}

fail() {
    local log
    for log in "$dir"/log/*; do
        [[ -s $log ]] || continue
        echo "--- tail of $log" >&2
        tail -n 15 "$log" >&2
    done
    echo "error: $*" >&2
    exit 1
}

# Starts a daemon in the foreground of a process of its own, its output in log/NAME.out and its id in run/NAME.pid.
# It is disowned: when a test kills it, bash has nothing to report in the test's output.
start_daemon() {
    local name=$1 pid
    shift
    "$@" </dev/null >>"$dir/log/$name.out" 2>&1 &
    pid=$!
    disown "$pid"
    echo "$pid" >"$dir/run/$name.pid"
    # Until the fork has become the daemon, its command line is this script's.
    for _ in $(seq 500); do
        ours "$pid" && break
        sleep 0.01
    done
}

# Starts the gateway on 127.0.0.1:$rgw_port and waits until it answers an anonymous listing.
# Fails when it does not answer in time, and returns 1 when it exits first (its port was taken, say).
start_gateway() {
    local pid deadline=$((SECONDS + 60))
    start_daemon rgw radosgw -c "$conf" -n client.rgw.heirloom -f --rgw-frontends "beast endpoint=127.0.0.1:$rgw_port"
    pid=$(<"$dir/run/rgw.pid")
    until [[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$rgw_port/") == 200 ]]; do
        ours "$pid" || return 1
        ((SECONDS < deadline)) || fail "the S3 gateway did not answer on 127.0.0.1:$rgw_port within 60 s"
        sleep 0.05
    done
}

# HEIRLOOM_TEST_S3_RESTART runs this script in this mode: `--restart-gateway DIR`.
if [[ $1 == --restart-gateway && $# -eq 2 ]]; then
    dir=$2
    conf=$dir/ceph.conf
    rgw_port=$(<"$dir/rgw.port")
    # A gateway that stops on its own drops its watches at once (see ceph.conf below).
    stop_daemon rgw TERM
    start_gateway || fail "the S3 gateway exited at its start"
    cat "$dir/run/rgw.pid"
    exit 0
fi

for tool in ceph ceph-authtool ceph-mon ceph-osd monmaptool radosgw radosgw-admin curl uuidgen python3; do
    if ! command -v "$tool" >/dev/null; then
        echo "error: $tool not found; run: make deps" >&2
        exit 1
    fi
done

start_us=${EPOCHREALTIME/./}
dir=$(mktemp -d "${TMPDIR:-/tmp}/heirloom-s3.XXXXXX")
conf=$dir/ceph.conf
mkdir "$dir/run" "$dir/log" "$dir/crash" "$dir/rgw"

# shellcheck disable=SC2317  # invoked by the trap
cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    # Nothing of the cluster outlives the run: a clean stop would only cost time (the OSD would write all its
    # objects to disk, and wait for a monitor that a Ctrl-C may already have stopped).
    stop_daemon rgw KILL
    stop_daemon osd KILL
    stop_daemon mon KILL
    rm -rf "$dir"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

random_key() {
    python3 -c 'import secrets, sys; print("".join(secrets.choice(sys.argv[1]) for _ in range(int(sys.argv[2]))))' "$@"
}

write_conf() {
    cat >"$conf" <<EOF
[global]
fsid = $fsid
mon host = v2:127.0.0.1:$mon_port
public addr = 127.0.0.1
cluster addr = 127.0.0.1
ms bind msgr1 = false
ms bind ipv6 = false
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
keyring = $dir/keyring
run dir = $dir/run
crash dir = $dir/crash
log file = $dir/log/\$name.log
mon cluster log file = $dir/log/cluster.log
# One OSD: every pool keeps one copy, and its few placement groups all sit on that OSD.
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
# The monitor's data is tiny: a nearly full disk should not stop it.
mon data avail crit = 0
# Commit each change to the cluster's maps at once rather than gathering changes for a second.
paxos propose interval = 0.01
# A daemon whose port is taken exits at once rather than trying again for 10 s.
ms bind retry count = 1
# The gateway watches a few objects to hear of changes to buckets and users. A gateway that was killed keeps its
# watches until they time out, and every bucket made meanwhile waits for it: 30 s by default, 5 s here, with
# the live gateway renewing its watches each second.
osd client watch timeout = 5
objecter tick interval = 1

[mon]
mon data = $dir/mon

[osd]
osd data = $dir/osd
osd objectstore = memstore
# Memory is taken only as objects come; past this much, writes wait (as on any full Ceph cluster), so tests hang.
memstore device bytes = 4294967296

[client.rgw.heirloom]
rgw data = $dir/rgw
# No bucket has a lifecycle, and the thread that applies them, asleep 5 s at a time, would hold up every stop.
rgw enable lc threads = false
# Virtual-hosted style too, for a request to 127.0.0.1 that says Host: BUCKET.localhost:PORT.
rgw dns name = localhost
EOF
}

write_keyring() {
    cat >"$dir/keyring" <<EOF
[mon.]
    key = $(ceph-authtool --gen-print-key)
    caps mon = "allow *"
[client.admin]
    key = $(ceph-authtool --gen-print-key)
    caps mon = "allow *"
    caps osd = "allow *"
    caps mgr = "allow *"
[osd.0]
    key = $(ceph-authtool --gen-print-key)
    caps mon = "allow profile osd"
    caps osd = "allow *"
    caps mgr = "allow profile osd"
[client.rgw.heirloom]
    key = $(ceph-authtool --gen-print-key)
    caps mon = "allow rw"
    caps osd = "allow rwx"
EOF
}

fsid=$(uuidgen)
osd_uuid=$(uuidgen)
write_keyring

# Waits until the monitor leads (a cluster of one) and returns 0, or returns 1 when it exits first.
monitor_leads() {
    local pid deadline=$((SECONDS + 60))
    pid=$(<"$dir/run/mon.pid")
    until grep -qs 'is new leader' "$dir/log/mon.a.log"; do
        ours "$pid" || return 1
        ((SECONDS < deadline)) || fail "the Ceph monitor did not start within 60 s"
        sleep 0.05
    done
}

# The monitor's port is in ceph.conf and in its map: when another process takes it first, the monitor exits
# and is made again on another port.
started=false
for _ in 1 2 3; do
    mon_port=$(free_port)
    write_conf
    stop_daemon mon KILL
    rm -rf "$dir/mon" "$dir/log/mon.a.log" "$dir/run/ceph-mon.a.asok"
    monmaptool --create --clobber --fsid "$fsid" --addv a "[v2:127.0.0.1:$mon_port]" --enable-all-features \
        "$dir/monmap" >>"$dir/log/monmaptool.out" 2>&1 || fail "monmaptool failed"
    ceph-mon -c "$conf" -i a --mkfs --monmap "$dir/monmap" --keyring "$dir/keyring" \
        >>"$dir/log/mon.out" 2>&1 || fail "ceph-mon --mkfs failed"
    start_daemon mon ceph-mon -c "$conf" -i a -f
    if monitor_leads; then
        started=true
        break
    fi
done
$started || fail "the Ceph monitor exited at its start"

osd_id=$(ceph -c "$conf" --connect-timeout 30 osd new "$osd_uuid" 2>>"$dir/log/ceph.out") ||
    fail "the Ceph monitor did not give the OSD an id"
[[ $osd_id == 0 ]] || fail "the Ceph monitor gave the OSD the id $osd_id, not 0"
mkdir "$dir/osd"
ceph-osd -c "$conf" -i 0 --mkfs --osd-uuid "$osd_uuid" >>"$dir/log/osd.out" 2>&1 || fail "ceph-osd --mkfs failed"
start_daemon osd ceph-osd -c "$conf" -i 0 -f

# The gateway makes its pools when it starts, so it answers once the OSD is up.
started=false
for _ in 1 2 3; do
    rgw_port=$(free_port)
    if start_gateway; then
        started=true
        break
    fi
done
$started || fail "the S3 gateway exited at its start"
echo "$rgw_port" >"$dir/rgw.port"

printf '#!/usr/bin/env bash\nexec bash %q --restart-gateway %q\n' "$(realpath "$0")" "$dir" >"$dir/restart-gateway"
chmod +x "$dir/restart-gateway"

access_key=$(random_key ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 20)
secret_key=$(random_key ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 40)
radosgw-admin -c "$conf" user create --uid heirloom-test --display-name "Heirloom tests" \
    --access-key "$access_key" --secret-key "$secret_key" >/dev/null 2>>"$dir/log/radosgw-admin.out" ||
    fail "radosgw-admin could not make the S3 user"

bucket=heirloom-test
region=us-east-1
empty_sha256=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
curl -sS --fail-with-body -o "$dir/log/create-bucket.xml" -X PUT --aws-sigv4 "aws:amz:$region:s3" \
    --user "$access_key:$secret_key" -H "x-amz-content-sha256: $empty_sha256" \
    "http://127.0.0.1:$rgw_port/$bucket" 2>>"$dir/log/create-bucket.out" || fail "the bucket $bucket was not made"

export HEIRLOOM_TEST_S3_ENDPOINT="http://127.0.0.1:$rgw_port"
export HEIRLOOM_TEST_S3_BUCKET=$bucket
export HEIRLOOM_TEST_S3_REGION=$region
export HEIRLOOM_TEST_S3_ACCESS_KEY_ID=$access_key
export HEIRLOOM_TEST_S3_SECRET_ACCESS_KEY=$secret_key
HEIRLOOM_TEST_S3_PID=$(<"$dir/run/rgw.pid")
export HEIRLOOM_TEST_S3_PID
export HEIRLOOM_TEST_S3_RESTART=$dir/restart-gateway
tenths=$(((${EPOCHREALTIME/./} - start_us) / 100000))
echo "with-s3: Ceph $(ceph-osd --version | awk '{ print $3 }') RADOS Gateway on 127.0.0.1:$rgw_port," \
    "ready in $((tenths / 10)).$((tenths % 10)) s" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
