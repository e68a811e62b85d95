#!/usr/bin/env bash
# Runs the hook in .pre-commit-hooks.yaml for real, with pre-commit itself:
#
#   scripts/precommit-try-repo.sh
#
# 1. snapshots this work tree (tracked and untracked files, uncommitted
#    changes included) into a one-commit repository, since try-repo clones
#    the hook repository;
# 2. makes a project repository from examples/atlantis/repo (Terraform and
#    a Karpenter EC2NodeClass sharing the node role) and commits it;
# 3. stages a change to infra/node-groups.tf (the far end of the FL101
#    chain, not where the finding is anchored) and an unrelated manifest,
#    runs `pre-commit try-repo <snapshot> faultline` and expects exit 1 and
#    the FL101 finding;
# 4. stages only the unrelated manifest and expects the hook to pass;
# 5. stages only a README and expects pre-commit to skip the hook (files:).
#
# Needs git, go and pre-commit (Debian: apt-get install pre-commit; else
# pipx install pre-commit). pre-commit builds the hook with `go install`
# (language: golang) in its own GOPATH; the module cache is shared with
# yours (GOMODCACHE), so nothing is downloaded twice. `go test
# ./cmd/faultline -run TestIntegrations/pre-commit` checks the same without
# pre-commit.
set -euo pipefail

cd "$(dirname "$0")/.."
root="$PWD"
for tool in git go pre-commit; do
	command -v "$tool" >/dev/null || {
		echo "precommit-try-repo.sh: $tool is not installed" >&2
		exit 2
	}
done

work="$(mktemp -d "${TMPDIR:-/tmp}/faultline-precommit.XXXXXX")"
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=faultline GIT_AUTHOR_EMAIL=test@example.invalid
export GIT_COMMITTER_NAME=faultline GIT_COMMITTER_EMAIL=test@example.invalid
export PRE_COMMIT_HOME="$work/pre-commit-home"
GOMODCACHE="$(go env GOMODCACHE)"
export GOMODCACHE

echo "== hook repository: a snapshot of $root"
hook="$work/hook-repo"
mkdir "$hook"
# shellcheck disable=SC2016 # $f expands in the inner shell
git -C "$root" ls-files -z --cached --others --exclude-standard |
	(cd "$root" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
	tar -C "$root" --null -T - -cf - | tar -C "$hook" -xf -
git -C "$hook" init -q -b main
git -C "$hook" add -A
git -C "$hook" commit -q -m snapshot

echo "== project repository: examples/atlantis/repo"
proj="$work/project"
cp -R "$root/examples/atlantis/repo" "$proj"
git -C "$proj" init -q -b main
git -C "$proj" add -A
git -C "$proj" commit -q -m initial

run() { # expected exit code, expected text, description
	local want="$1" text="$2" what="$3" code=0
	(cd "$proj" && pre-commit try-repo "$hook" faultline --verbose) >"$work/out" 2>&1 || code=$?
	if [[ "$code" != "$want" ]] || ! grep -q -- "$text" "$work/out"; then
		cat "$work/out" >&2
		echo "FAIL: $what: exit $code (want $want), output should contain: $text" >&2
		exit 1
	fi
	echo "ok: $what (exit $code)"
}

echo "== staged: infra/node-groups.tf (on the chain) and k8s/apps/configmap.yaml (unrelated)"
printf '\n# touched\n' >>"$proj/infra/node-groups.tf"
mkdir -p "$proj/k8s/apps"
cat >"$proj/k8s/apps/configmap.yaml" <<'EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  level: info
EOF
git -C "$proj" add infra/node-groups.tf k8s/apps/configmap.yaml
run 1 'error\[FL101\] shared-node-role' "a staged file on the chain fails the hook"
grep -q 'k8s/karpenter/ec2nodeclass.yaml:8:9' "$work/out" || {
	cat "$work/out" >&2
	echo "FAIL: the finding should be anchored at the EC2NodeClass" >&2
	exit 1
}

echo "== staged: k8s/apps/configmap.yaml only"
git -C "$proj" reset -q infra/node-groups.tf
git -C "$proj" checkout -q -- infra/node-groups.tf
run 0 'Passed' "an unrelated staged file passes"

echo "== staged: README.md only (not a file the hook reads)"
git -C "$proj" commit -q -m configmap
echo "# platform" >"$proj/README.md"
git -C "$proj" add README.md
run 0 'no files to check' "the hook is skipped"

echo "pre-commit try-repo: all 3 checks passed"
