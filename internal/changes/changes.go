// Package changes finds the files changed in a git working tree since a
// base revision, for `faultline lint --changed`. It runs the git binary
// (the only subprocess faultline starts besides itself, never letting
// git start another: see git.go) and only reads:
// no fetch, no index refresh, no lock files.
package changes

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// Errors a caller can test with errors.Is. Each error returned by Changed
// wraps one of them and says what to do; the command exits 2 on all.
var (
	// ErrNoGit: the git binary is not installed.
	ErrNoGit = errors.New("git is not installed")
	// ErrNotRepository: the directory is not inside a git work tree.
	ErrNotRepository = errors.New("not a git repository")
	// ErrUnknownRevision: the base revision does not name a commit here.
	ErrUnknownRevision = errors.New("unknown revision")
	// ErrShallow: the clone is shallow and does not hold the base
	// revision or the history back to the merge base.
	ErrShallow = errors.New("shallow clone without the base revision")
	// ErrNoDefaultBranch: no base was given and none of origin/HEAD,
	// origin/main, origin/master, main, master exists.
	ErrNoDefaultBranch = errors.New("cannot find the default branch")
)

// fetchHint is what a shallow clone needs.
const fetchHint = "fetch with full depth (actions/checkout: fetch-depth: 0; elsewhere: git fetch --unshallow) or pass --base with a revision that was fetched"

// Set is the result of Changed.
type Set struct {
	// Root is the top of the work tree (absolute, symlinks resolved, as
	// git reports it).
	Root string
	// Base is the revision the work tree is compared with: the merge base
	// of HEAD and the base (a full commit ID), or "" when HEAD has no
	// commit yet (then only staged and unstaged changes count).
	Base string
	// Files are the changed paths, relative to Root with "/", sorted and
	// unique: changed in the commits since Base, staged, unstaged or
	// untracked (not ignored). A renamed file counts under both names; a
	// deleted file is listed too (it no longer exists in the work tree).
	Files []string
}

// ChangedFiles returns the files changed in the repository holding
// repoDir since base, relative to the repository root with "/" (see Set).
// An empty base means the merge base of HEAD with the default branch.
func ChangedFiles(repoDir, base string) ([]string, error) {
	s, err := Changed(repoDir, base)
	if err != nil {
		return nil, err
	}
	return s.Files, nil
}

// Changed compares the work tree holding dir with base: the files changed
// in `git diff <base>...HEAD` (the commits since the merge base), plus the
// staged, unstaged and untracked changes of the work tree. An empty base
// means the default branch: origin/HEAD, else origin/main, origin/master,
// main or master, whichever exists first.
func Changed(dir, base string) (*Set, error) {
	g, root, err := open(dir)
	if err != nil {
		return nil, err
	}
	s := &Set{Root: root}

	files := map[string]bool{}
	_, headErr := g.out("rev-parse", "--verify", "--quiet", "HEAD^{commit}")
	unborn := headErr != nil
	switch {
	case unborn && base != "":
		return nil, fmt.Errorf("%w: HEAD has no commit yet to compare with --base %s", ErrUnknownRevision, base)
	case unborn:
		// A repository before its first commit: everything staged or
		// present is new.
	default:
		mb, err := g.mergeBase(base)
		if err != nil {
			return nil, err
		}
		s.Base = mb
		diff, err := g.outBytes("diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", mb, "HEAD", "--")
		if err != nil {
			return nil, fmt.Errorf("git diff %s HEAD: %s", short(mb), err)
		}
		for _, f := range parseNameStatus(diff) {
			files[f] = true
		}
	}
	st, err := g.outBytes("status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignore-submodules=dirty")
	if err != nil {
		return nil, fmt.Errorf("git status: %s", err)
	}
	for _, f := range parseStatus(st) {
		files[f] = true
	}
	for f := range files {
		s.Files = append(s.Files, f)
	}
	sort.Strings(s.Files)
	return s, nil
}

// RelTo returns the changed files relative to dir, with "/", the way
// faultline reports paths when dir is its working directory: these are
// the names engine.FilterTouching matches.
func (s *Set) RelTo(dir string) []string {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	root := s.Root
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	out := make([]string, 0, len(s.Files))
	for _, f := range s.Files {
		abs := filepath.Join(root, filepath.FromSlash(f))
		r, err := filepath.Rel(dir, abs)
		if err != nil {
			r = abs
		}
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

// Abs returns the changed files as absolute paths.
func (s *Set) Abs() []string {
	out := make([]string, 0, len(s.Files))
	for _, f := range s.Files {
		out = append(out, filepath.Join(s.Root, filepath.FromSlash(f)))
	}
	return out
}

// mergeBase resolves the base (or the default branch) and returns the
// merge base of it and HEAD.
func (g gitRunner) mergeBase(base string) (string, error) {
	shallow := g.isShallow()
	rev := base
	if rev == "" {
		var err error
		if rev, err = g.defaultBranch(); err != nil {
			if shallow {
				return "", fmt.Errorf("%w: none of origin/HEAD, origin/main, origin/master, main, master was fetched; %s", ErrShallow, fetchHint)
			}
			return "", err
		}
	}
	id, err := g.out("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		if shallow {
			return "", fmt.Errorf("%w: --base %s is not in this shallow clone; %s", ErrShallow, rev, fetchHint)
		}
		return "", fmt.Errorf("%w %q: not a commit in this repository (fetch it, or check the name)", ErrUnknownRevision, rev)
	}
	id = strings.TrimSpace(id)
	mb, err := g.out("merge-base", id, "HEAD")
	if err != nil {
		if shallow {
			return "", fmt.Errorf("%w: the history between %s and HEAD is cut off; %s", ErrShallow, rev, fetchHint)
		}
		return "", fmt.Errorf("%w: %s and HEAD have no common ancestor", ErrUnknownRevision, rev)
	}
	return strings.TrimSpace(mb), nil
}

// defaultBranch is origin/HEAD's target, else the first of origin/main,
// origin/master, main, master that exists.
func (g gitRunner) defaultBranch() (string, error) {
	if ref, err := g.out("symbolic-ref", "--quiet", "refs/remotes/origin/HEAD"); err == nil {
		ref = strings.TrimSpace(ref)
		if _, err := g.out("rev-parse", "--verify", "--quiet", ref+"^{commit}"); err == nil {
			return strings.TrimPrefix(ref, "refs/remotes/"), nil
		}
	}
	for _, b := range []string{"refs/remotes/origin/main", "refs/remotes/origin/master", "refs/heads/main", "refs/heads/master"} {
		if _, err := g.out("rev-parse", "--verify", "--quiet", b+"^{commit}"); err == nil {
			b = strings.TrimPrefix(b, "refs/remotes/")
			return strings.TrimPrefix(b, "refs/heads/"), nil
		}
	}
	return "", fmt.Errorf("%w (none of origin/HEAD, origin/main, origin/master, main, master exists): pass --base REV", ErrNoDefaultBranch)
}

func (g gitRunner) isShallow() bool {
	out, err := g.out("rev-parse", "--is-shallow-repository")
	return err == nil && strings.TrimSpace(out) == "true"
}

// parseNameStatus reads `git diff --name-status -z`: a status, then one
// path, or two for renames and copies (R100, C075).
func parseNameStatus(b []byte) []string {
	fields := splitZ(b)
	var out []string
	for i := 0; i < len(fields); {
		status := fields[i]
		i++
		n := 1
		if status != "" && (status[0] == 'R' || status[0] == 'C') {
			n = 2
		}
		for j := 0; j < n && i < len(fields); j++ {
			if fields[i] != "" {
				out = append(out, fields[i])
			}
			i++
		}
	}
	return out
}

// parseStatus reads `git status --porcelain=v1 -z`: "XY path", followed by
// the original path as its own field when X or Y is a rename or copy.
func parseStatus(b []byte) []string {
	fields := splitZ(b)
	var out []string
	for i := 0; i < len(fields); i++ {
		e := fields[i]
		if len(e) < 4 {
			continue
		}
		x, y, path := e[0], e[1], e[3:]
		if x == '!' { // ignored (not asked for, but harmless)
			continue
		}
		out = append(out, path)
		if x == 'R' || x == 'C' || y == 'R' || y == 'C' {
			if i+1 < len(fields) && fields[i+1] != "" {
				out = append(out, fields[i+1])
			}
			i++
		}
	}
	return out
}

func splitZ(b []byte) []string {
	b = bytes.TrimSuffix(b, []byte{0})
	if len(b) == 0 {
		return nil
	}
	parts := bytes.Split(b, []byte{0})
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = string(p)
	}
	return out
}

func short(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}
