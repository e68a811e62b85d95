package bench

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/internal/benchgen"
)

// tree is one directory to measure.
type tree struct {
	name  string
	dir   string
	scale int // the generated tree's multiple of 1×; 0 otherwise
	// planted is the number of findings the generator planted (-1: not
	// generated).
	planted int
}

// generated writes the benchgen tree at each scale under work.
func generated(work string, opts benchgen.Options, scales []int) ([]tree, error) {
	var out []tree
	base := opts.Teams
	for _, s := range scales {
		o := opts
		o.Teams = base * s
		dir := filepath.Join(work, fmt.Sprintf("generated-%dx", s))
		st, err := benchgen.Generate(dir, o)
		if err != nil {
			return nil, fmt.Errorf("generating %d×: %w", s, err)
		}
		shape := fmt.Sprintf("%d charts, %d kustomizations, %d claims", st.Charts, st.Kustomizations, st.Claims)
		if st.Charts+st.Kustomizations+st.Claims == 0 {
			shape = "Terraform and manifests only"
		}
		out = append(out, tree{name: fmt.Sprintf("generated %d× (%d teams; %s)", s, o.Teams, shape), dir: dir, scale: s, planted: len(st.SharingTeams)})
	}
	return out, nil
}

// copies writes n copies of the repositories side by side under work
// (copy-NN/<repository>/…), leaving out .git.
func copies(work string, repos []string, n int) (tree, error) {
	dir := filepath.Join(work, fmt.Sprintf("copies-%d", n))
	var names []string
	for _, r := range repos {
		names = append(names, filepath.Base(r))
		for i := range n {
			dst := filepath.Join(dir, fmt.Sprintf("copy-%02d", i), filepath.Base(r))
			if err := copyTree(r, dst); err != nil {
				return tree{}, err
			}
		}
	}
	return tree{name: fmt.Sprintf("%d copies of %s", n, strings.Join(names, " + ")), dir: dir, planted: -1}, nil
}

// copyTree copies the regular files and directories of src to dst, .git
// left out; symlinks are not followed or copied.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		return copyFile(p, target)
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying: %w", err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copying: %w", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return out.Close()
}
