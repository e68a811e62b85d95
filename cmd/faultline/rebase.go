package main

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
)

// The anchor of a run is the directory the model's paths are relative
// to: the tree's root (--root), else the repository's top level, else
// (outside git) the working directory. Fingerprints and finding keys are
// built from those paths, so a run from a subdirectory of a repository
// fingerprints a finding as a run from its top level does: a baseline or
// a code scanning alert survives a change of working directory.
//
// Reports then show paths one of two ways. Formats read by people and
// editors (text, compact, json, markdown, junit, checkstyle) show them
// relative to the working directory, as a shell would; formats read by a
// forge against the repository (sarif, github annotations, gitlab Code
// Quality) keep them relative to the anchor, which is the repository's
// top level where there is one.

// anchorOf is the anchor of a run laid out as lay from cwd.
func anchorOf(lay engine.Layout, cwd string) string {
	if a := firstNonEmpty(lay.TreeRoot, lay.Repo); a != "" {
		return a
	}
	return cwd
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// anchoredFormat reports whether a format keeps paths relative to the
// anchor (the repository root) rather than to the working directory.
func anchoredFormat(format string) bool {
	switch strings.ToLower(format) {
	case "sarif", "github", "gitlab":
		return true
	}
	return false
}

// rebaser turns paths relative to the anchor into paths relative to the
// working directory; the zero value keeps them as they are.
type rebaser struct {
	cwd, anchor string // absolute, symlinks followed; "" for none
}

// displayPrefix is the rebaser from anchor to cwd: none when they are the
// same directory. Symlinks are followed on both sides, as the engine
// follows them for the scanned directories.
func displayPrefix(cwd, anchor string) rebaser {
	c, a := realOrSelf(cwd), realOrSelf(anchor)
	if c == a {
		return rebaser{}
	}
	return rebaser{cwd: c, anchor: a}
}

func realOrSelf(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// rebasePath turns a path relative to the anchor into one relative to the
// working directory. Absolute paths and names that are not paths
// ("<stdin>") are kept.
func rebasePath(rb rebaser, p string) string {
	if rb.anchor == "" || p == "" || path.IsAbs(p) || filepath.IsAbs(p) || strings.HasPrefix(p, "<") {
		return p
	}
	r, err := filepath.Rel(rb.cwd, filepath.Join(rb.anchor, filepath.FromSlash(p)))
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// rebaseRange is rebasePath on a range's file.
func rebaseRange(prefix rebaser, r lint.Range) lint.Range {
	r.File = rebasePath(prefix, r.File)
	return r
}

// rebaseResult returns a copy of res whose every location (findings,
// related locations, suppressions, fixes, coverage notes) is rebased by
// prefix. Fingerprints and keys are kept: they stay the anchor's. res is
// not modified.
func rebaseResult(res lint.Result, prefix rebaser) lint.Result {
	if prefix.anchor == "" {
		return res
	}
	out := res
	out.Findings = make([]lint.Finding, len(res.Findings))
	for i, f := range res.Findings {
		f.Range = rebaseRange(prefix, f.Range)
		if f.Related != nil {
			rel := make([]lint.Location, len(f.Related))
			for j, l := range f.Related {
				l.Range = rebaseRange(prefix, l.Range)
				rel[j] = l
			}
			f.Related = rel
		}
		if f.Suppressed != nil {
			s := *f.Suppressed
			s.Range = rebaseRange(prefix, s.Range)
			f.Suppressed = &s
		}
		if f.Fix != nil {
			fx := *f.Fix
			fx.Target.In = rebaseRange(prefix, fx.Target.In)
			if fx.Edits != nil {
				edits := make([]lint.Edit, len(fx.Edits))
				for j, e := range fx.Edits {
					e.Range = rebaseRange(prefix, e.Range)
					e.LinesRange = rebaseRange(prefix, e.LinesRange)
					edits[j] = e
				}
				fx.Edits = edits
			}
			f.Fix = &fx
		}
		out.Findings[i] = f
	}
	if res.Summary.Notes != nil {
		out.Summary.Notes = make([]lint.Note, len(res.Summary.Notes))
		for i, n := range res.Summary.Notes {
			n.Range = rebaseRange(prefix, n.Range)
			out.Summary.Notes[i] = n
		}
	}
	return out
}
