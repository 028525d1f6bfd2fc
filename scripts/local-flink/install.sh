#!/usr/bin/env bash
# Assembles a Flink 2.3.0 home from PyPI packages alone and prints its path:
#   bin/ and conf/ from the apache-flink 2.3.0 wheel (pyflink/bin, pyflink/conf),
#   lib/, opt/, plugins/ and bin/*.jar from the apache-flink-libraries 2.3.0 sdist (deps/),
# copied, not linked (Flink's scripts `find` jars and do not follow links). Installs Debian's
# OpenJDK when `java` is missing. The downloads and the assembled home are kept under
# ${FLINKCONF_CACHE:-~/.cache/flinkconf} and reused by later runs.
set -euo pipefail

VERSION=2.3.0
cache=${FLINKCONF_CACHE:-$HOME/.cache/flinkconf}
downloads=$cache/pypi
home=$cache/flink-$VERSION

if ! command -v java >/dev/null 2>&1; then
    echo "installing Debian's OpenJDK (java is missing)" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless >&2
fi

if [ -f "$home/.complete" ]; then
    echo "$home"
    exit 0
fi

mkdir -p "$downloads"
wheel=$(ls "$downloads"/apache_flink-$VERSION-*.whl 2>/dev/null | head -1 || true)
if [ -z "$wheel" ]; then
    echo "downloading the apache-flink $VERSION wheel" >&2
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
        --python-version 3.11 --platform manylinux2014_x86_64 "apache-flink==$VERSION" -d "$downloads" >&2
    wheel=$(ls "$downloads"/apache_flink-$VERSION-*.whl | head -1)
fi
sdist=$downloads/apache_flink_libraries-$VERSION.tar.gz
if [ ! -f "$sdist" ]; then
    echo "downloading the apache-flink-libraries $VERSION sdist (about 330 MB)" >&2
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary=:all: \
        "apache-flink-libraries==$VERSION" -d "$downloads" >&2
fi

echo "assembling $home" >&2
rm -rf "$home" "$home.partial"
mkdir -p "$home.partial"
python3 - "$wheel" "$home.partial" <<'PY'
import os, sys, zipfile
wheel, home = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        for part in ("bin", "conf"):
            prefix = f"pyflink/{part}/"
            if info.filename.startswith(prefix) and not info.is_dir():
                target = os.path.join(home, part, info.filename[len(prefix):])
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with z.open(info) as src, open(target, "wb") as dst:
                    dst.write(src.read())
                if part == "bin":
                    os.chmod(target, 0o755)
PY
top=apache_flink_libraries-$VERSION
tar -xzf "$sdist" -C "$home.partial" "$top/deps/lib" "$top/deps/opt" "$top/deps/plugins" "$top/deps/bin"
for part in lib opt plugins; do
    mv "$home.partial/$top/deps/$part" "$home.partial/$part"
done
# bin/bash-java-utils.jar, which the scripts run to compute the JVM's memory settings.
cp "$home.partial/$top"/deps/bin/*.jar "$home.partial/bin/"
rm -rf "$home.partial/$top"
mkdir -p "$home.partial/log"
touch "$home.partial/.complete"
mv "$home.partial" "$home"
echo "$home"
