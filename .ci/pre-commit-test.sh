#!/usr/bin/env bash
# The hooks of .pre-commit-hooks.yaml as a user meets them: the real pre-commit (pinned in
# .ci/pre-commit-requirements.txt) runs each with `pre-commit try-repo` in a throw-away git
# repository, using the flinkconf that .ci/cli-wheel-test.sh installed from its wheel
# (target/ci-cli/venv). A bad file fails its hook, naming file:line; a good one passes; the docs
# hook fails once a generated file is edited, naming it.
set -euo pipefail
cd "$(dirname "$0")/.."
hooks_repo=$PWD

python=${CI_PYTHON:-python3}
work=target/ci-cli
tools=$PWD/$work/pre-commit
requirements=.ci/pre-commit-requirements.txt

[ -x "$work/venv/bin/flinkconf" ] || { echo "error: no installed flinkconf in $work/venv: run .ci/cli-wheel-test.sh first" >&2; exit 1; }
export PATH="$PWD/$work/venv/bin:$PATH"

pinned=$(sed -n 's/^pre_commit==//p' "$requirements")
if ! "$tools/bin/pre-commit" --version 2>/dev/null | grep -qx "pre-commit $pinned"; then
    rm -rf "$tools"
    "$python" -m venv "$tools"
    "$tools/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
fi
echo "$("$tools/bin/pre-commit" --version), $(flinkconf --version) from $(command -v flinkconf)"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# pre-commit's cache (the clone of this repository) stays out of the user's home.
export PRE_COMMIT_HOME="$scratch/cache"
user_repo="$scratch/repo"
mkdir -p "$user_repo"/{conf,good,k8s}
cd "$user_repo"
git init -q
git config user.email ci@example.invalid
git config user.name CI
printf 'parallelism.default: 4\ntaskmanager.numberOfTaskSlots: many\n' >conf/config.yaml
printf 'parallelism.default: 4\ntaskmanager.numberOfTaskSlots: 2\n' >good/config.yaml
cat >k8s/deploy.yaml <<'EOF'
apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: orders
spec:
  flinkVersion: v2_0
  flinkConfiguration:
    taskmanager.numberOfTaskSlots: "2"
    execution.checkpointing.interval: "3 mins"
EOF
printf 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n' >k8s/service.yaml
flinkconf generate --out site >/dev/null
git add -A
git commit -q -m "a repository with Flink configuration"

failures=0
# expect_hook HOOK EXIT_CODE TEXT [pre-commit arguments...]: runs the hook, shows its output, and
# checks the exit code and that TEXT is in the output.
expect_hook() {
    local hook=$1 code=$2 text=$3
    shift 3
    local out status=0
    echo "\$ pre-commit try-repo <this repository> $hook $*"
    out=$("$tools/bin/pre-commit" try-repo "$hooks_repo" "$hook" "$@" 2>&1) || status=$?
    # try-repo first prints the config it made up; the hook's own report follows it.
    printf '%s\n' "$out" | sed -n '/^\(flinkconf\|Flink\|generated\|Executable\)/,$p' | sed 's/^/    /'
    echo "    (exit $status)"
    if [ "$status" != "$code" ] || ! grep -qF -- "$text" <<<"$out"; then
        echo "error: $hook $*: expected exit $code and \"$text\"; pre-commit said:" >&2
        printf '%s\n' "$out" >&2
        failures=$((failures + 1))
    fi
}

expect_hook flinkconf-validate 1 'conf/config.yaml:2:1: error: invalid value "many" for taskmanager.numberOfTaskSlots' \
    --files conf/config.yaml good/config.yaml
expect_hook flinkconf-validate 0 'Passed' --files good/config.yaml
expect_hook flinkconf-validate-manifests 1 'k8s/deploy.yaml:9:5: error: invalid value "3 mins" for execution.checkpointing.interval' \
    --files k8s/deploy.yaml k8s/service.yaml
expect_hook flinkconf-validate-manifests 0 'Passed' --files k8s/service.yaml
expect_hook flinkconf-check 0 'Passed' --all-files
# The plan of a working-tree change against HEAD: more slots, so the operator upgrades the job;
# the checker's finding on the new side comes with it.
sed -i 's/taskmanager.numberOfTaskSlots: "2"/taskmanager.numberOfTaskSlots: "4"/' k8s/deploy.yaml
expect_hook flinkconf-plan 0 'FlinkDeployment default/orders: UPGRADE' --files k8s/deploy.yaml
expect_hook flinkconf-plan 0 'error[invalid-value]: invalid value "3 mins"' --files k8s/deploy.yaml
git checkout -q k8s/deploy.yaml
sed -i 's/<title>/<title>Edited: /' site/index.html
expect_hook flinkconf-check 1 '--- site/index.html (on disk)' --all-files

[ "$failures" = 0 ] || { echo "$failures hook run(s) did not do what a user expects" >&2; exit 1; }
echo "pre-commit: every hook fails on its bad file naming file:line, and passes on a good one"
