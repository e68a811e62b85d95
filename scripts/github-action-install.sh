#!/usr/bin/env bash
# The install step of the GitHub Action (action.yml) for a released
# version: downloads the release archive for the runner's OS and
# architecture, verifies it against the release's checksums.txt (sha256)
# and installs faultline and faultline-render into $BIN. A branch or a
# commit is built from source by action.yml instead.
#
# Environment:
#   VERSION        the release tag, e.g. v0.1.0
#   BIN            directory to install the two executables into
#   RUNNER_OS      Linux | macOS | Windows (GitHub's), or FAULTLINE_OS:
#                  linux | darwin | windows
#   RUNNER_ARCH    X64 | ARM64 (GitHub's), or FAULTLINE_ARCH: amd64 | arm64
#   FAULTLINE_RELEASES_URL  where releases are (default GitHub's releases
#                  of faultline-dev/faultline): the archive is
#                  $FAULTLINE_RELEASES_URL/$VERSION/<archive>
#   RUNNER_TEMP    scratch space (default $TMPDIR or /tmp)
#
# Archive names are GoReleaser's (.goreleaser.yaml, archives.name_template
# "{{ .ProjectName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}"), the version
# without its leading v: faultline_0.1.0_linux_amd64.tar.gz, a zip on
# Windows; both executables at the archive's top level.
set -euo pipefail

fail() {
	echo "faultline install: $*" >&2
	exit 1
}

: "${VERSION:?VERSION is not set (a release tag such as v0.1.0)}"
: "${BIN:?BIN is not set (where to install faultline)}"
base="${FAULTLINE_RELEASES_URL:-https://github.com/faultline-dev/faultline/releases/download}"
base="${base%/}"

os="${FAULTLINE_OS:-}"
if [[ -z "$os" ]]; then
	case "${RUNNER_OS:-}" in
	Linux) os=linux ;;
	macOS) os=darwin ;;
	Windows) os=windows ;;
	*) fail "no faultline release for the runner OS '${RUNNER_OS:-}' (releases exist for Linux, macOS and Windows); set the action's version to a commit to build from source" ;;
	esac
fi
arch="${FAULTLINE_ARCH:-}"
if [[ -z "$arch" ]]; then
	case "${RUNNER_ARCH:-}" in
	X64) arch=amd64 ;;
	ARM64) arch=arm64 ;;
	*) fail "no faultline release for the runner architecture '${RUNNER_ARCH:-}' (releases exist for X64 and ARM64); set the action's version to a commit to build from source" ;;
	esac
fi
case "$os/$arch" in
linux/amd64 | linux/arm64 | darwin/amd64 | darwin/arm64 | windows/amd64 | windows/arm64) ;;
*) fail "no faultline release for $os/$arch" ;;
esac

ext=tar.gz exe=""
if [[ "$os" == windows ]]; then
	ext=zip exe=.exe
fi
archive="faultline_${VERSION#v}_${os}_${arch}.${ext}"

tmp="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/faultline-install.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

download() { # URL FILE
	# --proto: never follow a redirect to anything but https (http and
	# file only for a base URL given as such, as the tests do).
	local proto='=https'
	case "$base" in
	http://127.0.0.1[:/]* | http://localhost[:/]*) proto='=https,http' ;;
	file://*) proto='=file' ;;
	esac
	curl --fail --silent --show-error --location --proto "$proto" --proto-redir '=https' \
		--retry 3 --connect-timeout 20 --output "$2" "$1" ||
		fail "could not download $1"
}

echo "faultline install: $VERSION for $os/$arch from $base" >&2
download "$base/$VERSION/checksums.txt" "$tmp/checksums.txt"
download "$base/$VERSION/$archive" "$tmp/$archive"

# The archive's line of checksums.txt: "<sha256>  <name>" (sha256sum's
# format; a "*" before the name marks binary mode).
want="$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1; exit }' "$tmp/checksums.txt")"
[[ -n "$want" ]] || fail "checksums.txt of $VERSION has no line for $archive: not verified, not installed"
[[ "$want" =~ ^[0-9a-f]{64}$ ]] || fail "checksums.txt of $VERSION: '$want' for $archive is not a sha256"
if command -v sha256sum >/dev/null 2>&1; then
	got="$(sha256sum "$tmp/$archive" | awk '{ print $1 }')"
else
	got="$(shasum -a 256 "$tmp/$archive" | awk '{ print $1 }')"
fi
[[ "$got" == "$want" ]] || fail "$archive does not match checksums.txt of $VERSION (sha256 $got, want $want): not installed"

mkdir -p "$tmp/x"
if [[ "$ext" == zip ]]; then
	if command -v unzip >/dev/null 2>&1; then
		unzip -q -o "$tmp/$archive" -d "$tmp/x"
	else
		7z x -y -o"$tmp/x" "$tmp/$archive" >/dev/null
	fi
else
	tar -xzf "$tmp/$archive" -C "$tmp/x"
fi
mkdir -p "$BIN"
for name in faultline faultline-render; do
	[[ -f "$tmp/x/$name$exe" ]] || fail "$archive has no $name$exe at its top level"
	install -m 755 "$tmp/x/$name$exe" "$BIN/$name$exe"
done
echo "faultline install: $("$BIN/faultline$exe" version 2>/dev/null || echo "$VERSION") in $BIN" >&2
