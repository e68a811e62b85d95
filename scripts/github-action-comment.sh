#!/usr/bin/env bash
# The comment step of the GitHub Action (action.yml, input comment: true):
# posts the Markdown report as one pull request comment and updates that
# same comment on every later run, found by the marker the Markdown report
# starts with (lint/report/markdown.go: "<!-- faultline -->"). Uses the
# GitHub REST API with curl and jq (both on GitHub's runners).
#
# Environment:
#   MARKDOWN_FILE      the Markdown report
#   GITHUB_TOKEN       the job's token; needs `pull-requests: write`
#   GITHUB_REPOSITORY  owner/name
#   PR_NUMBER          the pull request's number (empty: not a pull request)
#   IS_FORK_PR         "true" on a pull request from a fork: its token is
#                      read-only, so the comment is skipped with a notice
#   GITHUB_API_URL     the API (default https://api.github.com)
#   RUNNER_TEMP        scratch space
#
# A comment that cannot be posted is a warning, never a failure: the
# findings are in the annotations and the job summary as well.
set -euo pipefail

marker='<!-- faultline -->'
api="${GITHUB_API_URL:-https://api.github.com}"
api="${api%/}"
# GitHub refuses comment bodies over 65536 characters.
limit=60000

notice() { echo "::notice title=faultline comment::$*"; }
warn() {
	echo "::warning title=faultline comment::$*"
	exit 0
}

if [[ -z "${PR_NUMBER:-}" ]]; then
	notice "not a pull request event: no comment"
	exit 0
fi
if [[ "${IS_FORK_PR:-false}" == "true" ]]; then
	notice "comment skipped: a pull request from a fork gets a read-only token. The findings are in the annotations and the job summary."
	exit 0
fi
[[ "$PR_NUMBER" =~ ^[0-9]+$ ]] || warn "pull request number '$PR_NUMBER' is not a number: no comment"
[[ "${GITHUB_REPOSITORY:-}" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || warn "GITHUB_REPOSITORY '${GITHUB_REPOSITORY:-}' is not owner/name: no comment"
[[ -n "${GITHUB_TOKEN:+set}" ]] || warn "no token (input token): no comment"
if [[ -z "${MARKDOWN_FILE:-}" || ! -s "$MARKDOWN_FILE" ]]; then
	warn "no Markdown report (faultline could not run?): no comment"
fi

tmp="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/faultline-comment.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# The body: the report, cut to GitHub's limit, starting with the marker.
body="$tmp/body.md"
if (($(wc -c <"$MARKDOWN_FILE") > limit)); then
	head -c "$limit" "$MARKDOWN_FILE" >"$body"
	printf '\n\n**The report was cut at the size limit of a comment; the full report is in the job summary.**\n' >>"$body"
else
	cat "$MARKDOWN_FILE" >"$body"
fi
if [[ "$(head -n 1 "$body")" != "$marker" ]]; then
	{
		echo "$marker"
		cat "$body"
	} >"$tmp/marked.md"
	mv "$tmp/marked.md" "$body"
fi
jq -Rs '{body: .}' <"$body" >"$tmp/body.json"

# The token goes in a header file, never on a command line nor in a
# trace (bash -x).
(
	umask 077
	{
		printf 'Authorization: Bearer '
		printenv GITHUB_TOKEN
	} >"$tmp/auth"
)
gh_api() { # METHOD PATH [BODY_FILE] > response
	local args=(--fail --silent --show-error --location --proto '=https,http' --retry 2
		-X "$1"
		-H @"$tmp/auth"
		-H 'Accept: application/vnd.github+json'
		-H 'X-GitHub-Api-Version: 2022-11-28')
	if [[ $# -ge 3 ]]; then
		args+=(-H 'Content-Type: application/json' --data-binary @"$3")
	fi
	curl "${args[@]}" "$api$2"
}

# The existing comment: the first one whose body starts with the marker,
# page by page (100 comments a page).
id=""
page=1
while :; do
	gh_api GET "/repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments?per_page=100&page=$page" >"$tmp/page.json" ||
		warn "could not list the pull request's comments (does the job have permissions: pull-requests: write?)"
	n="$(jq 'length' "$tmp/page.json")" || warn "unexpected answer listing the comments"
	id="$(jq -r --arg m "$marker" 'map(select((.body // "") | startswith($m))) | first | .id // empty' "$tmp/page.json")"
	if [[ -n "$id" || "$n" -lt 100 ]]; then
		break
	fi
	page=$((page + 1))
done

if [[ -n "$id" ]]; then
	[[ "$id" =~ ^[0-9]+$ ]] || warn "unexpected comment id '$id'"
	gh_api PATCH "/repos/$GITHUB_REPOSITORY/issues/comments/$id" "$tmp/body.json" >"$tmp/answer.json" ||
		warn "could not update comment $id (does the job have permissions: pull-requests: write?)"
	echo "faultline: updated the report comment $id on #$PR_NUMBER" >&2
else
	gh_api POST "/repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" "$tmp/body.json" >"$tmp/answer.json" ||
		warn "could not comment on #$PR_NUMBER (does the job have permissions: pull-requests: write?)"
	echo "faultline: commented the report on #$PR_NUMBER" >&2
fi
