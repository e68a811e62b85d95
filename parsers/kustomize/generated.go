package kustomize

import (
	"io/fs"
	"path/filepath"

	"github.com/faultline-dev/faultline/internal/generated"
	"github.com/faultline-dev/faultline/internal/treefs"
)

// generated says why a path a kustomization lists but the tree lacks is
// written at deploy time (see package generated); "" when nothing says so.
func (b *builder) generated(p string) string {
	if by, ok := b.opts.Written[filepath.Clean(p)]; ok {
		return by + " writes it"
	}
	return generated.Why(sourceFS{b.src}, b.ignoreTop(p), p, b.rel)
}

// sourceFS reads the kustomize source for package generated.
type sourceFS struct{ s source }

func (f sourceFS) Stat(p string) (fs.FileInfo, error)         { return f.s.stat(p) }
func (f sourceFS) Read(p string, limit int64) ([]byte, error) { return f.s.read(p, limit) }
func (f sourceFS) ReadDir(dir string) ([]fs.DirEntry, error)  { return f.s.tree.ReadDir(dir) }

// ignoreTop is where .gitignore files start: the highest directory above
// p still inside the tree (the repository's top level inside git), else
// inside the scan root.
func (b *builder) ignoreTop(p string) string {
	inside := func(d string) bool {
		if roots := b.src.tree.Roots(); len(roots) > 0 {
			real := b.src.real(d)
			for _, r := range roots {
				if treefs.Within(r, real) {
					return true
				}
			}
			return false
		}
		return b.opts.ScanRoot != "" && treefs.Within(b.opts.ScanRoot, d)
	}
	top := filepath.Dir(p)
	for {
		up := filepath.Dir(top)
		if up == top || !inside(up) {
			return top
		}
		top = up
	}
}
