package changes

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Revision is a base revision resolved in a repository.
type Revision struct {
	// Root is the top of the work tree (absolute, as git reports it).
	Root string
	// Commit is the full commit ID compared with: the merge base of HEAD
	// and the revision asked for, so that what the branch under review
	// changes is judged, not what the base branch did since.
	Commit string
}

// ResolveBase finds the repository holding dir and the commit `--base
// rev` means there (an empty rev means the default branch). The errors
// wrap ErrNoGit, ErrNotRepository, ErrUnknownRevision, ErrShallow or
// ErrNoDefaultBranch and say what to do.
func ResolveBase(dir, rev string) (*Revision, error) {
	g, root, err := open(dir)
	if err != nil {
		return nil, err
	}
	if _, err := g.out("rev-parse", "--verify", "--quiet", "HEAD^{commit}"); err != nil {
		return nil, fmt.Errorf("%w: HEAD has no commit yet to compare with --base %s", ErrUnknownRevision, rev)
	}
	mb, err := g.mergeBase(rev)
	if err != nil {
		return nil, err
	}
	return &Revision{Root: root, Commit: mb}, nil
}

// open checks for git and finds the work tree holding dir.
func open(dir string) (gitRunner, string, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return gitRunner{}, "", fmt.Errorf("%w: --changed and --base need the git binary on PATH", ErrNoGit)
	}
	g, err := newRunner(dir)
	if err != nil {
		return g, "", err
	}
	top, err := g.out("rev-parse", "--show-toplevel")
	if err != nil {
		msg := ""
		if !strings.Contains(err.Error(), "not a git repository") {
			msg = ": " + err.Error() // e.g. git's "detected dubious ownership"
		}
		return g, "", fmt.Errorf("%s: %w (--changed and --base compare git revisions)%s", dir, ErrNotRepository, msg)
	}
	root := strings.TrimRight(top, "\n")
	if root == "" {
		return g, "", fmt.Errorf("%s: %w (a bare repository or .git directory has no work tree)", dir, ErrNotRepository)
	}
	g.dir = root
	return g, filepath.Clean(filepath.FromSlash(root)), nil
}

// Export writes the tree of commit rev in the repository at repoDir into
// dst (an existing, empty directory), laid out as the work tree is. It
// reads objects with `git ls-tree` and `git cat-file --batch`, so the work
// tree, the index and HEAD are never touched, and unlike `git archive` no
// export-ignore or export-subst attribute changes what is written.
// Submodules are left out; symbolic links are written as links.
func Export(repoDir, rev, dst string) error {
	g, err := newRunner(repoDir)
	if err != nil {
		return err
	}
	list, err := g.outBytes("ls-tree", "-r", "-z", "--full-tree", "--end-of-options", rev)
	if err != nil {
		return fmt.Errorf("git ls-tree %s: %s", rev, err)
	}
	type blob struct {
		mode, id, path string
	}
	var blobs []blob
	for _, e := range splitZ(list) {
		meta, path, ok := strings.Cut(e, "\t")
		if !ok {
			continue
		}
		f := strings.Fields(meta)
		if len(f) != 3 || f[1] != "blob" {
			continue // submodules (commit) and anything unexpected
		}
		if !filepath.IsLocal(filepath.FromSlash(path)) {
			return fmt.Errorf("git ls-tree %s: unsafe path %q", rev, path)
		}
		blobs = append(blobs, blob{f[0], f[2], path})
	}
	if len(blobs) == 0 {
		return nil
	}

	cmd := g.command("cat-file", "--batch")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	go func() {
		w := bufio.NewWriter(stdin)
		for _, b := range blobs {
			w.WriteString(b.id + "\n")
		}
		w.Flush()
		stdin.Close()
	}()
	r := bufio.NewReaderSize(stdout, 64<<10)
	readErr := func() error {
		for _, b := range blobs {
			header, err := r.ReadString('\n')
			if err != nil {
				return fmt.Errorf("git cat-file: %w", err)
			}
			f := strings.Fields(header)
			if len(f) != 3 || f[1] != "blob" {
				return fmt.Errorf("git cat-file: unexpected %q for %s", strings.TrimSpace(header), b.path)
			}
			size, err := strconv.ParseInt(f[2], 10, 64)
			if err != nil {
				return fmt.Errorf("git cat-file: bad size in %q", strings.TrimSpace(header))
			}
			p, err := exportPath(dst, b.path)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if b.mode == "120000" {
				target, err := io.ReadAll(io.LimitReader(r, size))
				if err != nil {
					return fmt.Errorf("git cat-file: %w", err)
				}
				if err := os.Symlink(string(target), p); err != nil {
					return err
				}
			} else {
				perm := os.FileMode(0o644)
				if b.mode == "100755" {
					perm = 0o755
				}
				out, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, perm)
				if err != nil {
					return err
				}
				_, err = io.CopyN(out, r, size)
				if cerr := out.Close(); err == nil {
					err = cerr
				}
				if err != nil {
					return fmt.Errorf("writing %s: %w", b.path, err)
				}
			}
			if _, err := r.ReadByte(); err != nil { // the newline after the content
				return fmt.Errorf("git cat-file: %w", err)
			}
		}
		return nil
	}()
	if readErr != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return readErr
	}
	if err := cmd.Wait(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return errors.New("git cat-file: " + msg)
	}
	return nil
}

// exportPath places a path from a git tree under dst. git itself refuses
// to check out "..", ".git" or absolute entries, but a crafted repository
// can still carry them: such a path is an error, never a file outside dst.
func exportPath(dst, path string) (string, error) {
	if path == "" || filepath.IsAbs(path) || strings.HasPrefix(path, "/") {
		return "", fmt.Errorf("git tree entry %q: not a relative path", path)
	}
	for _, part := range strings.Split(path, "/") {
		if part == "" || part == "." || part == ".." || strings.EqualFold(part, ".git") {
			return "", fmt.Errorf("git tree entry %q: a path git would not check out", path)
		}
	}
	return filepath.Join(dst, filepath.FromSlash(path)), nil
}
