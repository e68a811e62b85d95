#!/usr/bin/env bash
# The lint step of the GitHub Action (action.yml at the repository root):
# runs faultline once with the log format on stdout, Markdown and SARIF
# files beside, writes the job summary, and reports the exit code as the
# step output exit-code instead of failing: action.yml uploads SARIF first
# and fails last.
#
# Inputs come as environment variables (never spliced into the script,
# so no input can inject shell):
#   INPUT_PATHS          paths to lint, separated by blanks or newlines
#   INPUT_FORMAT         format of the log (github: annotations)
#   INPUT_FAIL_ON        error | warning | notice | never
#   INPUT_SUMMARY        "true": the Markdown report to $GITHUB_STEP_SUMMARY
#   INPUT_SARIF          "true": write SARIF and ask action.yml to upload it
#   INPUT_CHANGED        "true": --changed
#   INPUT_BASE           --base REV
#   INPUT_ARGS           more faultline lint arguments, one per line (a line
#                        with blanks is one argument; blank lines are
#                        skipped). A value on one line with no newline at
#                        all, the form of older versions, is split on
#                        blanks as it was then.
#   IS_FORK_PR           "true" on a pull request from a fork
#   GITHUB_BASE_REF, EVENT_BEFORE   the pull request's base branch, or the
#                        commit a push started from (defaults for --base)
# and GitHub's RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY.
set -euo pipefail
set -f # paths and arguments are not globbed

faultline="${FAULTLINE:-faultline}"
tmp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
md="$tmp/faultline.md"
sarif="$tmp/faultline.sarif"
output="${GITHUB_OUTPUT:-/dev/null}"
summary="${GITHUB_STEP_SUMMARY:-/dev/null}"
format="${INPUT_FORMAT:-github}"
rm -f "$md" "$sarif"

# Paths may be one per line or several on a line.
read -r -d '' -a paths < <(printf '%s\0' "${INPUT_PATHS:-.}") || true
extra=()
if [[ "${INPUT_ARGS:-}" == *$'\n'* ]]; then
	# One argument per line, without the line's leading and trailing
	# blanks (a YAML block scalar: args: |).
	while IFS= read -r line || [[ -n "$line" ]]; do
		line="${line%$'\r'}"
		line="${line#"${line%%[![:space:]]*}"}"
		line="${line%"${line##*[![:space:]]}"}"
		[[ -z "$line" ]] || extra+=("$line")
	done <<<"${INPUT_ARGS}"
else
	read -r -a extra <<<"${INPUT_ARGS:-}" || true
	if [[ ${#extra[@]} -gt 1 ]]; then
		echo "::notice title=faultline::args on one line are split on blanks (the old form); write one argument per line (args: |) so that an argument may hold blanks"
	fi
fi
[[ ${#paths[@]} -gt 0 ]] || paths=(.)

args=(lint --format "$format" --fail-on "${INPUT_FAIL_ON:-error}" --output "markdown=$md")
upload=false
if [[ "${INPUT_SARIF:-false}" == "true" ]]; then
	args+=(--output "sarif=$sarif")
	if [[ "${IS_FORK_PR:-false}" == "true" ]]; then
		echo "::notice title=faultline::SARIF upload skipped: a pull request from a fork gets a read-only token (no security-events: write). The findings are in the annotations and the job summary."
	else
		upload=true
	fi
fi
base="${INPUT_BASE:-}"
if [[ "${INPUT_CHANGED:-false}" == "true" ]]; then
	args+=(--changed)
	if [[ -z "$base" && -n "${GITHUB_BASE_REF:-}" ]]; then
		base="origin/$GITHUB_BASE_REF" # a pull request: its base branch
	elif [[ -z "$base" && -n "${EVENT_BEFORE:-}" && ! "${EVENT_BEFORE}" =~ ^0+$ ]]; then
		base="$EVENT_BEFORE" # a push: where the branch was before it
	fi
fi
[[ -z "$base" ]] || args+=(--base "$base")
args+=("${extra[@]}")

echo "faultline ${args[*]} -- ${paths[*]}" >&2
# The log. With --format github faultline prints errors, then warnings,
# then notices, and a notice pointing to the job summary when GitHub will
# not show them all (10 annotations of each level per step).
code=0
"$faultline" "${args[@]}" -- "${paths[@]}" || code=$?

# The job summary: the Markdown report (GitHub takes up to 1 MiB a step).
if [[ "${INPUT_SUMMARY:-true}" == "true" ]]; then
	if [[ -s "$md" ]]; then
		limit=$((1024 * 1024 - 512))
		if (($(wc -c <"$md") > limit)); then
			head -c "$limit" "$md" >>"$summary"
			printf '\n\n**The report was cut at the 1 MiB limit of a job summary; the full report is in the log.**\n' >>"$summary"
		else
			cat "$md" >>"$summary"
		fi
	elif [[ "$code" -ge 2 ]]; then
		printf '## faultline\n\nfaultline could not run (exit code %s): see the step log.\n' "$code" >>"$summary"
	fi
fi

{
	echo "exit-code=$code"
	[[ -s "$md" ]] && echo "markdown-file=$md"
	if [[ -s "$sarif" ]]; then
		echo "sarif-file=$sarif"
		echo "upload-sarif=$upload"
	else
		echo "upload-sarif=false"
	fi
} >>"$output"
exit 0
