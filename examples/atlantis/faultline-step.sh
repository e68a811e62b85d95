#!/usr/bin/env bash
# faultline as a step of an Atlantis plan workflow; repos.yaml and
# atlantis.yaml beside this file run it after the built-in `plan` step.
#
# It reads the variables Atlantis gives run steps:
#   DIR           absolute path of the project (where terraform ran)
#   REPO_REL_DIR  the project's path in the repository ("." at the root)
#   PLANFILE      the plan file the `plan` step wrote
#   SHOWFILE      where Atlantis keeps the plan as JSON (terraform show -json)
# and, all optional:
#   FAULTLINE          the faultline binary (default: faultline on PATH)
#   FAULTLINE_FORMAT   output format (default: text: Atlantis puts a run
#                      step's output in a code block of the plan comment,
#                      where Markdown is not rendered)
#   FAULTLINE_FAIL_ON  lowest severity that fails the plan: error (default),
#                      warning, notice, or never to only report
#   FAULTLINE_ARGS     more `faultline lint` arguments, split on blanks
#                      (e.g. "--config ci/faultline.hcl --disable FL103";
#                      an argument cannot hold a blank here)
#   TERRAFORM          terraform binary for `terraform show` (default:
#                      terraform$ATLANTIS_TERRAFORM_VERSION where Atlantis
#                      has it on PATH, else terraform)
#
# faultline lints the whole repository, not $DIR: the manifests and charts
# beside the Terraform project are the other half of every chain. Paths in
# the report are relative to the repository root. The exit code is
# faultline's: 1 fails the plan when there are findings at or above
# FAULTLINE_FAIL_ON, 2 when faultline could not run.
set -euo pipefail

: "${DIR:?DIR is not set: run this as an Atlantis run step}"
rel="${REPO_REL_DIR:-.}"
rel="${rel%/}"

# The repository root: $DIR less $REPO_REL_DIR, else what git says.
root="$DIR"
if [[ "$rel" != "." && "$rel" != "" ]]; then
	if [[ "$DIR" == */"$rel" ]]; then
		root="${DIR%/"$rel"}"
	else
		root="$(git -C "$DIR" rev-parse --show-toplevel)"
	fi
fi

faultline="${FAULTLINE:-faultline}"
format="${FAULTLINE_FORMAT:-text}"
fail_on="${FAULTLINE_FAIL_ON:-error}"
extra=()
read -r -a extra <<<"${FAULTLINE_ARGS:-}" || true

# The plan as JSON. Atlantis writes $SHOWFILE after `plan` in current
# versions; otherwise make it from $PLANFILE, where Atlantis also looks
# for it (policy checks). Plan values never reach faultline's output.
plan_json=""
if [[ -n "${SHOWFILE:-}" && -s "$SHOWFILE" ]]; then
	plan_json="$SHOWFILE"
elif [[ -n "${PLANFILE:-}" && -f "$PLANFILE" ]]; then
	terraform="${TERRAFORM:-}"
	if [[ -z "$terraform" ]]; then
		terraform=terraform
		if [[ -n "${ATLANTIS_TERRAFORM_VERSION:-}" ]] && command -v "terraform$ATLANTIS_TERRAFORM_VERSION" >/dev/null 2>&1; then
			terraform="terraform$ATLANTIS_TERRAFORM_VERSION"
		fi
	fi
	plan_json="${SHOWFILE:-}"
	if [[ -z "$plan_json" ]]; then
		plan_json="$(mktemp "${TMPDIR:-/tmp}/faultline-plan.XXXXXX")"
		trap 'rm -f "$plan_json"' EXIT
	fi
	(cd "$DIR" && "$terraform" show -json "$PLANFILE") >"$plan_json"
fi

# No color: the output goes into a comment, whatever FORCE_COLOR says.
args=(lint --format "$format" --fail-on "$fail_on" --color never)
if [[ -n "$plan_json" ]]; then
	# The plan's deletions and replacements: what the change does to
	# objects no longer in the source (a deleted node group, FL301).
	args+=(--plan "$plan_json")
fi
args+=("${extra[@]}")

cd "$root"
set +e
"$faultline" "${args[@]}" -- .
code=$?
set -e
exit "$code"
