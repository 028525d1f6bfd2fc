#!/usr/bin/env bash
# `flinkconf effective` judged by a real Flink (issue 49): a Flink 2.3 JobManager assembled from
# PyPI packages (scripts/local-flink/install.sh; Debian's OpenJDK when java is missing; the
# downloads cached under ~/.cache/flinkconf) starts on 127.0.0.1 from a conf directory, with
# FLINK_PROPERTIES added to its config.yaml as the official Docker image's entrypoint does and
# -D dynamic properties on its command line; every key `flinkconf effective` shows for the same
# directory, FLINK_PROPERTIES and -D must be in its `GET /jobmanager/config` with the same
# meaning (scripts/local-flink/compare.py). The JobManager is stopped by its process id.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

home=$(scripts/local-flink/install.sh)
if [ -z "${FLINKCONF:-}" ]; then
    cargo build --quiet -p flinkconf
    FLINKCONF=$root/target/debug/flinkconf
fi

work=$(mktemp -d)
pid=
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid"
        for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
        kill -9 "$pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/conf" "$work/flink-conf" "$work/log"
cat > "$work/conf/config.yaml" <<YAML
# Written for this test: every kind of value, some overridden by FLINK_PROPERTIES or -D.
jobmanager:
  rpc.address: 127.0.0.1
  bind-host: 127.0.0.1
  memory.process.size: 1024m
rest.address: 127.0.0.1
rest.bind-address: 127.0.0.1
rest.port: 8089
taskmanager.numberOfTaskSlots: 2
taskmanager.memory.process.size: 1728m
execution:
  checkpointing:
    interval: 42s
state.checkpoints.dir: file:///tmp/flinkconf-old
pipeline.classpaths: [file:///tmp/a.jar, file:///tmp/b.jar]
web.timeout: 10 s
s3.secret-key: not-a-real-secret
YAML
flink_properties=$'parallelism.default: 2\nheartbeat.timeout: 50000\nweb.cancel.enable: FALSE'
dynamic=(
    -D "rest.port=$port"
    -D "parallelism.default=3"
    -D "execution.checkpointing.interval=1min"
    -D "execution.checkpointing.dir=file:///tmp/flinkconf-new"
    -D "pipeline.name=effective test"
)

# flinkconf's answer, from the directory as written.
FLINK_PROPERTIES="$flink_properties" "$FLINKCONF" --release 2.3 effective "$work/conf" "${dynamic[@]}" \
    --output-format json > "$work/flinkconf.json"
FLINK_PROPERTIES="$flink_properties" "$FLINKCONF" --release 2.3 effective "$work/conf" "${dynamic[@]}"

# Flink's: the entrypoint's copy of the file with FLINK_PROPERTIES added.
cp "$home/conf/log4j-console.properties" "$work/flink-conf/"
{ cat "$work/conf/config.yaml"; echo; printf '%s\n' "$flink_properties"; } > "$work/flink-conf/config.yaml"
start=$(date +%s%N)
FLINK_CONF_DIR="$work/flink-conf" FLINK_LOG_DIR="$work/log" \
    "$home/bin/jobmanager.sh" start-foreground "${dynamic[@]}" > "$work/jobmanager.out" 2>&1 &
pid=$!
ready=
for _ in $(seq 1 240); do
    if curl -sf "http://127.0.0.1:$port/jobmanager/config" > "$work/jobmanager.json"; then
        ready=1
        break
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
done
if [ -z "$ready" ]; then
    echo "the JobManager did not answer on 127.0.0.1:$port; its output:" >&2
    tail -40 "$work/jobmanager.out" >&2
    exit 1
fi
echo "JobManager ready after $(( ($(date +%s%N) - start) / 1000000 )) ms (pid $pid)"
python3 scripts/local-flink/compare.py "$work/flinkconf.json" "$work/jobmanager.json"
