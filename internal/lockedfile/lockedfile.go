// Package lockedfile tells the files a checkout holds locked in place of
// their content: a Git LFS pointer (the file stored outside Git, fetched
// by `git lfs pull`), or a file git-crypt encrypted (decrypted by
// `git-crypt unlock`). Such a file is not broken input: a checkout
// without the LFS objects or the key (a pull-request job) holds it so.
package lockedfile

import (
	"bufio"
	"bytes"
	"net/url"
	"strings"
)

// maxPointer is the size bound of a Git LFS pointer file (the pointer
// specification: "Pointer files must be under 1024 bytes").
const maxPointer = 1024

// gitCryptHeader starts every file git-crypt encrypts (git-crypt's
// commands.cpp: the "\0GITCRYPT\0" header before the nonce).
var gitCryptHeader = []byte("\x00GITCRYPT\x00")

// Why says how data is locked, for a note ("a Git LFS pointer, not the
// file (git lfs pull fetches it)"), and whether it is.
func Why(data []byte) (string, bool) {
	switch {
	case bytes.HasPrefix(data, gitCryptHeader):
		return "encrypted with git-crypt (git-crypt unlock decrypts it)", true
	case isLFSPointer(data):
		return "a Git LFS pointer, not the file (git lfs pull fetches it)", true
	}
	return "", false
}

// isLFSPointer reports whether data is a Git LFS pointer: under 1024
// bytes, its first line "version <URL>" naming the pointer specification
// (https://git-lfs.github.com/spec/v1, or the pre-release
// https://hawser.github.com/spec/v1), and an oid line.
func isLFSPointer(data []byte) bool {
	if len(data) >= maxPointer {
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	if !sc.Scan() {
		return false
	}
	key, val, ok := strings.Cut(sc.Text(), " ")
	if !ok || key != "version" {
		return false
	}
	u, err := url.Parse(val)
	if err != nil || (u.Host != "git-lfs.github.com" && u.Host != "hawser.github.com") || !strings.HasPrefix(u.Path, "/spec/") {
		return false
	}
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), " "); ok && k == "oid" && v != "" {
			return true
		}
	}
	return false
}
