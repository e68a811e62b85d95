#!/usr/bin/env bash
# Regenerates a plan fixture: DIR/plan.json, a genuine `terraform show -json`
# of DIR/infra (the configuration after the change under review) against
# DIR/state.json (a hand-written state: what exists before it).
#
#   TF_PLUGIN_MIRROR=/path/to/mirror scripts/make-plan-fixture.sh rules/testdata/FL301/positive_plan_deletes_node_group
#
# Offline, as examples/atlantis/make-plan.sh: hashicorp/aws from a local
# filesystem mirror (TF_PLUGIN_MIRROR, laid out as
# registry.terraform.io/hashicorp/aws/VERSION/OS_ARCH/), dummy credentials,
# every endpoint and proxy at a closed loopback port, a network namespace of
# its own where `unshare` works, and -refresh=false: nothing is read from
# AWS. Needs terraform; the tests only read the committed plan.json.
#
# Registry modules: DIR/registry-modules lists the module calls of infra/
# that Terraform would download, one per line as
#   CALL SOURCE VERSION STAND_IN
# (STAND_IN is a directory of scripts/plan-fixture-modules/, written for the
# fixtures with the real module's resource addresses). They are installed
# through a hand-written module cache (.terraform/modules/modules.json) and
# `terraform init -get=false`, so the plan shows the module's internals the
# way a real plan does, offline.
#
# Plan arguments: DIR/plan-args lists further arguments of `terraform plan`,
# one per line (-var-file=env/prod.tfvars: values the CI passes and
# faultline, reading the source alone, does not know).
set -euo pipefail

dir="$(cd "${1:?usage: make-plan-fixture.sh FIXTURE_DIR}" && pwd)"
stand_ins="$(cd "$(dirname "${BASH_SOURCE[0]}")/plan-fixture-modules" && pwd)"
if [[ -z "${FAULTLINE_MAKE_PLAN_NS:-}" ]] && command -v unshare >/dev/null 2>&1 && unshare -n true 2>/dev/null; then
	FAULTLINE_MAKE_PLAN_NS=1 exec unshare -n bash "${BASH_SOURCE[0]}" "$@"
fi
mirror="${TF_PLUGIN_MIRROR:?set TF_PLUGIN_MIRROR to a filesystem mirror holding hashicorp/aws}"
[[ -f "$dir/state.json" && -d "$dir/infra" ]] || { echo "make-plan-fixture.sh: $dir needs infra/ and state.json" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/faultline-plan.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$dir/infra" "$work/infra"
cp "$dir/state.json" "$work/infra/terraform.tfstate"
cd "$work/infra"
cat >"$work/terraformrc" <<RC
provider_installation {
  filesystem_mirror {
    path    = "$mirror"
    include = ["registry.terraform.io/hashicorp/aws"]
  }
}
disable_checkpoint = true
RC
export TF_CLI_CONFIG_FILE="$work/terraformrc" CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0
export HTTP_PROXY=http://127.0.0.1:9 HTTPS_PROXY=http://127.0.0.1:9 NO_PROXY=
export AWS_EC2_METADATA_DISABLED=true AWS_ENDPOINT_URL=http://127.0.0.1:9
export AWS_ACCESS_KEY_ID=AKIAEXAMPLEFAULTLINE AWS_SECRET_ACCESS_KEY=example-not-a-secret
unset AWS_PROFILE AWS_SESSION_TOKEN AWS_CONFIG_FILE AWS_SHARED_CREDENTIALS_FILE
cat >provider_override.tf <<'TF'
provider "aws" {
  region                      = "us-east-1"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
  skip_region_validation      = true
}
TF
get=true
if [[ -f "$dir/registry-modules" ]]; then
	get=false
	mkdir -p .terraform/modules
	entries='{"Key":"","Source":"","Dir":"."}'
	while read -r call source version stand_in; do
		[[ -z "$call" || "$call" == \#* ]] && continue
		cp -R "$stand_ins/$stand_in" ".terraform/modules/$call"
		entries+=",{\"Key\":\"$call\",\"Source\":\"registry.terraform.io/$source\",\"Version\":\"$version\",\"Dir\":\".terraform/modules/$call\"}"
	done <"$dir/registry-modules"
	printf '{"Modules":[%s]}\n' "$entries" >.terraform/modules/modules.json
fi
terraform init -input=false -no-color -get="$get" >init.log 2>&1 || { cat init.log >&2; exit 1; }
args=()
if [[ -f "$dir/plan-args" ]]; then
	while read -r arg; do
		[[ -z "$arg" || "$arg" == \#* ]] && continue
		args+=("$arg")
	done <"$dir/plan-args"
fi
terraform plan -input=false -no-color -refresh=false -lock=false "${args[@]}" -out=plan.bin >plan.log 2>&1 || { cat plan.log >&2; exit 1; }
terraform show -json plan.bin | python3 -m json.tool --indent 2 >"$dir/plan.json"
grep -E '^(Plan:|  # )' plan.log >&2 || true
echo "wrote $dir/plan.json" >&2
