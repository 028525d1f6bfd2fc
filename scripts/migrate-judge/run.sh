#!/usr/bin/env bash
# Judges an upgrade with Flink 2.3.0's own code: `flinkconf migrate ORIGINAL --from V1 --to 2.3`, then
# every ConfigOption in Flink's jars must read the same typed value from the migrated config.yaml as
# from the original (read as 2.3 reads a config.yaml, or, for a legacy flink-conf.yaml, as Flink's own
# migration reads it). Flink's jars come from PyPI (apache-flink-libraries 2.3.0, about 600 MB
# unpacked) into $FLINK_DIR (default /tmp/flink-2.3.0), as ../../../shared/bench/flink-load/run.sh
# fetches them. Usage: run.sh ORIGINAL FROM_RELEASE   (needs java, javac, pip; run from the project)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); project=$(cd "$here/../.." && pwd)
original=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); from=$2
fd=${FLINK_DIR:-/tmp/flink-2.3.0}; w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
if [ ! -f "$fd/apache-flink-libraries-2.3.0/deps/lib/flink-dist-2.3.0.jar" ]; then
  mkdir -p "$fd"; (cd "$fd" && pip download -q --no-deps --no-binary :all: apache-flink-libraries==2.3.0 -d . && tar xzf apache-flink-libraries-2.3.0.tar.gz && rm -f apache-flink-libraries-2.3.0.tar.gz)
fi
lib=$fd/apache-flink-libraries-2.3.0/deps/lib; cp_=$(ls "$lib"/*.jar | tr '\n' ':')
mkdir -p "$w/original" "$w/migrated"
case "$(basename "$original")" in
  flink-conf.yaml) cp "$original" "$w/original/flink-conf.yaml" ;;
  *) cp "$original" "$w/original/config.yaml" ;;
esac
(cd "$project" && cargo run -q -p flinkconf -- migrate "$original" --from "$from" --to 2.3 -o "$w/migrated/config.yaml") || true
javac -nowarn -d "$w" -cp "$cp_" "$here/MigrateJudge.java"
java -Dlog4j2.level=OFF -cp "$cp_:$w" MigrateJudge "$w/original" "$w/migrated" "$lib"/flink-dist-2.3.0.jar "$lib"/flink-table-api-java-uber-2.3.0.jar
