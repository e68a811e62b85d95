package kustomize

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// nodeClass is a resource file whose object the tests look for.
const nodeClass = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: KarpenterNodeRole-base
  amiSelectorTerms:
    - alias: al2023@latest
`

// files writes a tree of files below root ("a/b.yaml": content).
func files(t *testing.T, root string, fs map[string]string) {
	t.Helper()
	for name, s := range fs {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// symlink makes link point at target, skipping where symlinks do not work.
func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skip("symlinks not supported:", err)
	}
}

// bounded runs f, failing the test instead of hanging CI when it does not
// return within a generous time.
func bounded(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("did not return within 60 s")
	}
}

// renderBounded renders dir (relative to root) with the options, bounded.
func renderBounded(t *testing.T, root, dir string, opts Options) (r Rendered, diags []lint.Diagnostic, notes []lint.Note) {
	t.Helper()
	if opts.ScanRoot == "" {
		opts.ScanRoot = root
	}
	bounded(t, func() { r, diags, notes = Render(filepath.Join(root, filepath.FromSlash(dir)), opts) })
	return r, diags, notes
}

// entities parses what rendered the way the engine does and returns the
// objects by kind and name, with the file each maps to.
func entities(t *testing.T, r Rendered) map[string]string {
	t.Helper()
	ents, diags := kube.Parse("rendered", r.Content, kube.Options{Source: lint.SourceKustomize, MapRange: r.Map})
	if len(diags) > 0 {
		t.Fatalf("rendered output: %+v", diags)
	}
	out := map[string]string{}
	for _, e := range ents {
		o := e.Base()
		out[string(o.Kind)+" "+o.Name.String()] = o.Range.File
	}
	return out
}

// onlyDiag returns the one diagnostic, failing otherwise.
func onlyDiag(t *testing.T, diags []lint.Diagnostic) lint.Diagnostic {
	t.Helper()
	if len(diags) != 1 {
		t.Fatalf("diagnostics = %+v, want one", diags)
	}
	return diags[0]
}

func relAll(t *testing.T, root string, abs []string) []string {
	t.Helper()
	var out []string
	for _, a := range abs {
		r, err := filepath.Rel(root, a)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

func TestCycleIsFL000WithChain(t *testing.T) {
	root := t.TempDir()
	files(t, root, map[string]string{
		"base/kustomization.yaml":       "resources:\n  - nodeclass.yaml\n",
		"base/nodeclass.yaml":           nodeClass,
		"overlays/a/kustomization.yaml": "resources:\n  - ../../base\n  - ../b\n",
		"overlays/b/kustomization.yaml": "namePrefix: b-\nresources:\n  - ../a\n",
	})
	roots, owned := FindIn(treefs.New([]string{root}, ""), []string{
		filepath.Join(root, "base"), filepath.Join(root, "overlays", "a"), filepath.Join(root, "overlays", "b"),
	})
	if got := relAll(t, root, roots); !slices.Equal(got, []string{"overlays/a"}) {
		t.Fatalf("roots = %v, want the cycle's first kustomization", got)
	}
	if !owned[filepath.Join(root, "base", "nodeclass.yaml")] {
		t.Error("the base's resource is not owned by the root that renders it")
	}
	r, diags, _ := renderBounded(t, root, "overlays/a", Options{})
	d := onlyDiag(t, diags)
	chain := "overlays/a/kustomization.yaml → overlays/b/kustomization.yaml → overlays/a/kustomization.yaml"
	if !strings.Contains(d.Detail, chain) {
		t.Errorf("detail %q does not give the chain %q", d.Detail, chain)
	}
	// At the entry that closes the cycle.
	want{"overlays/b/kustomization.yaml", 3, 5}.check(t, "cycle", d.Range)
	// The rest of the overlay still renders.
	if got := entities(t, r)["node-class default"]; got != "base/nodeclass.yaml" {
		t.Errorf("EC2NodeClass default maps to %q; entities %v", got, entities(t, r))
	}
}

func TestCycleThroughParentDirectory(t *testing.T) {
	root := t.TempDir()
	files(t, root, map[string]string{
		"app/kustomization.yaml":      "resources:\n  - nodeclass.yaml\n  - prod\n",
		"app/nodeclass.yaml":          nodeClass,
		"app/prod/kustomization.yaml": "resources:\n  - ..\n",
	})
	_, diags, _ := renderBounded(t, root, "app", Options{})
	d := onlyDiag(t, diags)
	want{"app/prod/kustomization.yaml", 2, 5}.check(t, "cycle", d.Range)
	if !strings.Contains(d.Detail, "app/kustomization.yaml → app/prod/kustomization.yaml → app/kustomization.yaml") {
		t.Errorf("detail = %q", d.Detail)
	}
}

func TestComponentKindMismatch(t *testing.T) {
	root := t.TempDir()
	files(t, root, map[string]string{
		"base/kustomization.yaml":    "resources:\n  - nodeclass.yaml\n",
		"base/nodeclass.yaml":        nodeClass,
		"comp/kustomization.yaml":    "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\ncommonLabels:\n  team: a\n",
		"asres/kustomization.yaml":   "resources:\n  - ../base\n  - ../comp\n",
		"ascomp/kustomization.yaml":  "resources:\n  - nodeclass.yaml\ncomponents:\n  - ../base\n",
		"ascomp/nodeclass.yaml":      nodeClass,
		"ascomp2/kustomization.yaml": "resources:\n  - ../base\ncomponents:\n  - ../comp\n",
	})
	for dir, w := range map[string]want{
		"asres":  {"asres/kustomization.yaml", 3, 5},
		"ascomp": {"ascomp/kustomization.yaml", 4, 5},
	} {
		r, diags, _ := renderBounded(t, root, dir, Options{})
		d := onlyDiag(t, diags)
		w.check(t, dir, d.Range)
		if !strings.Contains(d.Detail, "Component") {
			t.Errorf("%s: detail = %q", dir, d.Detail)
		}
		if _, ok := entities(t, r)["node-class default"]; !ok {
			t.Errorf("%s: the rest of the overlay did not render", dir)
		}
	}
	r, diags, notes := renderBounded(t, root, "ascomp2", Options{})
	clean(t, r, diags, notes)
}

func TestUnusedComponentKeepsOverlay(t *testing.T) {
	root := t.TempDir()
	files(t, root, map[string]string{
		"base/kustomization.yaml":          "resources:\n  - nodeclass.yaml\n",
		"base/nodeclass.yaml":              nodeClass,
		"overlays/prod/kustomization.yaml": "resources:\n  - ../../base\nnamespace: karpenter\n",
		// Added by a pull request: a Component nobody uses that lists the
		// overlay, and one below the overlay that lists its parent.
		"components/evil/kustomization.yaml":     "kind: Component\nresources:\n  - ../../overlays/prod\n  - hidden.yaml\n",
		"components/evil/hidden.yaml":            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hidden\n",
		"overlays/prod/extra/kustomization.yaml": "kind: Component\nresources:\n  - ..\n",
	})
	var dirs []string
	for _, d := range []string{"base", "overlays/prod", "components/evil", "overlays/prod/extra"} {
		dirs = append(dirs, filepath.Join(root, filepath.FromSlash(d)))
	}
	roots, owned := FindIn(treefs.New([]string{root}, ""), dirs)
	if got := relAll(t, root, roots); !slices.Equal(got, []string{"overlays/prod"}) {
		t.Fatalf("roots = %v, want the overlay", got)
	}
	if !owned[filepath.Join(root, "base", "nodeclass.yaml")] {
		t.Error("base/nodeclass.yaml not owned by the overlay")
	}
	if owned[filepath.Join(root, "components", "evil", "hidden.yaml")] {
		t.Error("a file only an unused Component names is owned: it would never be read")
	}
	r, diags, notes := renderBounded(t, root, "overlays/prod", Options{})
	clean(t, r, diags, notes)
	if got := entities(t, r)["node-class default"]; got != "base/nodeclass.yaml" {
		t.Errorf("EC2NodeClass default maps to %q", got)
	}
}

func TestSymlinkOutsideNotRead(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "repo")
	files(t, tmp, map[string]string{
		"outside/secret.env":  "SECRET=hunter2\n",
		"outside/secret.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: leaked\ndata:\n  SECRET: hunter2\n",
		"repo/app/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - secret.yaml\n" +
			"configMapGenerator:\n  - name: app\n    envs:\n      - secret.env\n",
		"repo/app/nodeclass.yaml": nodeClass,
	})
	symlink(t, filepath.Join(tmp, "outside", "secret.env"), filepath.Join(root, "app", "secret.env"))
	symlink(t, filepath.Join(tmp, "outside", "secret.yaml"), filepath.Join(root, "app", "secret.yaml"))
	for name, tree := range map[string]*treefs.Tree{"no tree": nil, "tree": treefs.New([]string{root}, "")} {
		r, diags, notes := renderBounded(t, root, "app", Options{Tree: tree})
		if len(diags) > 0 {
			t.Errorf("%s: diagnostics %+v", name, diags)
		}
		if len(notes) != 2 {
			t.Errorf("%s: notes = %+v, want one per entry left out", name, notes)
		}
		for _, n := range notes {
			if n.Kind != lint.Skipped || n.Range.File != "app/kustomization.yaml" || !strings.Contains(n.What, "outside the scanned tree") {
				t.Errorf("%s: note %+v", name, n)
			}
		}
		for _, s := range []string{fmt.Sprint(diags), fmt.Sprint(notes), string(r.Content)} {
			if strings.Contains(s, "hunter2") {
				t.Fatalf("%s: content of a file outside the tree leaked: %s", name, s)
			}
		}
		if _, ok := entities(t, r)["node-class default"]; !ok {
			t.Errorf("%s: the rest of the overlay did not render", name)
		}
	}
}

func TestKustomizationFileSymlinkedOutside(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "repo")
	files(t, tmp, map[string]string{"outside/kustomization.yaml": "resources:\n  - hunter2.yaml\n"})
	symlink(t, filepath.Join(tmp, "outside", "kustomization.yaml"), filepath.Join(root, "app", "kustomization.yaml"))
	_, diags, notes := renderBounded(t, root, "app", Options{Tree: treefs.New([]string{root}, "")})
	if len(diags) > 0 || len(notes) != 1 || notes[0].Range.File != "app/kustomization.yaml" {
		t.Fatalf("diags %+v notes %+v", diags, notes)
	}
	if strings.Contains(notes[0].What, "hunter2") {
		t.Errorf("note shows the outside file's content: %s", notes[0].What)
	}
}

func TestBaseAboveScanRoot(t *testing.T) {
	tmp := t.TempDir()
	files(t, tmp, map[string]string{
		"shared/base/kustomization.yaml":  "resources:\n  - nodeclass.yaml\n",
		"shared/base/nodeclass.yaml":      nodeClass,
		"repo/overlay/kustomization.yaml": "resources:\n  - ../../shared/base\n",
		"repo/linked/kustomization.yaml":  "resources:\n  - ../link\n",
	})
	symlink(t, filepath.Join("..", "shared", "base"), filepath.Join(tmp, "repo", "link"))
	root := filepath.Join(tmp, "repo")

	// A tree rooted above both (--root, or .faultline.hcl there) reads
	// the base.
	tree := treefs.New([]string{tmp}, "")
	r, diags, notes := renderBounded(t, root, "overlay", Options{Tree: tree})
	clean(t, r, diags, notes)
	if got := entities(t, r)["node-class default"]; got != "../shared/base/nodeclass.yaml" {
		t.Errorf("EC2NodeClass default maps to %q", got)
	}
	_, owned := FindIn(treefs.New([]string{tmp}, ""), []string{filepath.Join(root, "overlay")})
	if !owned[filepath.Join(tmp, "shared", "base", "nodeclass.yaml")] {
		t.Error("FindIn did not follow the base inside the tree's root")
	}
	if _, owned := FindIn(treefs.New([]string{root}, ""), []string{filepath.Join(root, "overlay")}); owned[filepath.Join(tmp, "shared", "base", "nodeclass.yaml")] {
		t.Error("FindIn followed a base above the tree's root")
	}

	// Nothing widens the tree: not a base above the scan root outside git
	// (a note naming --root), not a symlink, not a base above the top
	// level inside git, and without a tree nothing outside is read.
	for name, tc := range map[string]struct {
		dir, why string
		tree     *treefs.Tree
	}{
		"no tree":        {"overlay", treefs.ErrAboveRoot.Error(), nil},
		"above the root": {"overlay", treefs.ErrAboveRoot.Error(), treefs.New([]string{root}, "")},
		"symlink":        {"linked", treefs.ErrSymlinked.Error(), treefs.New([]string{root}, "")},
		"above git repo": {"overlay", treefs.ErrAboveRepo.Error(), treefs.New([]string{root}, root)},
	} {
		r, diags, notes := renderBounded(t, root, tc.dir, Options{Tree: tc.tree})
		if len(diags) > 0 || len(notes) != 1 || !strings.HasSuffix(notes[0].What, "not read: "+tc.why) {
			t.Errorf("%s: diags %+v notes %+v", name, diags, notes)
		}
		if len(r.Content) > 0 {
			t.Errorf("%s: rendered the base outside the tree:\n%s", name, r.Content)
		}
		if tc.tree != nil && len(tc.tree.Roots()) != 1 {
			t.Errorf("%s: the tree widened to %v", name, tc.tree.Roots())
		}
	}
}

func TestNonRegularEntry(t *testing.T) {
	root := t.TempDir()
	files(t, root, map[string]string{
		"app/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - fifo.yaml\n",
		"app/nodeclass.yaml":     nodeClass,
	})
	if err := syscall.Mkfifo(filepath.Join(root, "app", "fifo.yaml"), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	r, diags, _ := renderBounded(t, root, "app", Options{})
	d := onlyDiag(t, diags)
	want{"app/kustomization.yaml", 3, 5}.check(t, "fifo", d.Range)
	if _, ok := entities(t, r)["node-class default"]; !ok {
		t.Error("the rest of the overlay did not render")
	}
}

// aliasBomb is a ConfigMap whose aliases expand to 10^levels nodes.
func aliasBomb(levels int) string {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "  a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 10), ", "))
	}
	return b.String()
}

func TestAliasBombBounded(t *testing.T) {
	root := t.TempDir()
	files(t, root, map[string]string{
		"app/kustomization.yaml":  "resources:\n  - nodeclass.yaml\n  - bomb.yaml\n",
		"app/nodeclass.yaml":      nodeClass,
		"app/bomb.yaml":           aliasBomb(9),
		"loop/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - loop.yaml\n",
		"loop/nodeclass.yaml":     nodeClass,
		"loop/loop.yaml":          "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: loop\ndata: &d\n  self: *d\n",
		"inline/kustomization.yaml": "resources:\n  - nodeclass.yaml\npatches:\n  - patch: |-\n" +
			indent(aliasBomb(9), "      "),
		"inline/nodeclass.yaml":    nodeClass,
		"small/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - few.yaml\n",
		"small/nodeclass.yaml":     nodeClass,
		"small/few.yaml":           aliasBomb(2),
	})
	for dir, w := range map[string]want{
		"app":  {"app/bomb.yaml", 10, 1},
		"loop": {"loop/loop.yaml", 6, 1},
	} {
		r, diags, _ := renderBounded(t, root, dir, Options{})
		d := onlyDiag(t, diags)
		w.check(t, dir, d.Range)
		if _, ok := entities(t, r)["node-class default"]; !ok {
			t.Errorf("%s: the rest of the overlay did not render", dir)
		}
	}
	// In a kustomization the whole overlay is refused.
	_, diags, _ := renderBounded(t, root, "inline", Options{})
	if d := onlyDiag(t, diags); d.Range.File != "inline/kustomization.yaml" || !strings.Contains(d.Detail, "nodes") {
		t.Errorf("inline: %+v", d)
	}
	// A few aliases are fine.
	r, diags, notes := renderBounded(t, root, "small", Options{})
	clean(t, r, diags, notes)
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n"+pre) + "\n"
}

func TestDiamondBounded(t *testing.T) {
	root := t.TempDir()
	fs := map[string]string{
		"top/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - ../x1\n  - ../y1\n",
		"top/nodeclass.yaml":     nodeClass,
	}
	const levels = 22
	for i := 1; i <= levels; i++ {
		k := fmt.Sprintf("resources:\n  - ../x%d\n  - ../y%d\n", i+1, i+1)
		if i == levels {
			k = "commonLabels:\n  leaf: \"yes\"\n"
		}
		fs[fmt.Sprintf("x%d/kustomization.yaml", i)] = k
		fs[fmt.Sprintf("y%d/kustomization.yaml", i)] = k
	}
	files(t, root, fs)
	b := newBuilder(Options{ScanRoot: root})
	var k *kustomization
	bounded(t, func() { k = b.loadDir(filepath.Join(root, "top")) })
	if k == nil || k.builds > maxBuilds {
		t.Fatalf("top builds %v kustomizations, bound %d", k, maxBuilds)
	}
	r, diags, _ := renderBounded(t, root, "top", Options{})
	d := onlyDiag(t, diags)
	if !strings.Contains(d.Detail, fmt.Sprint(maxBuilds)) || !strings.Contains(d.Detail, "more entries left out") {
		t.Errorf("detail = %q", d.Detail)
	}
	if _, ok := entities(t, r)["node-class default"]; !ok {
		t.Error("the rest of the overlay did not render")
	}
}

func TestNestingBounded(t *testing.T) {
	root := t.TempDir()
	fs := map[string]string{"k0/kustomization.yaml": "resources:\n  - nodeclass.yaml\n  - ../k1\n", "k0/nodeclass.yaml": nodeClass}
	const depth = maxNesting + 20
	for i := 1; i < depth; i++ {
		fs[fmt.Sprintf("k%d/kustomization.yaml", i)] = fmt.Sprintf("resources:\n  - ../k%d\n", i+1)
	}
	fs[fmt.Sprintf("k%d/kustomization.yaml", depth)] = "commonLabels:\n  leaf: \"yes\"\n"
	files(t, root, fs)
	r, diags, _ := renderBounded(t, root, "k0", Options{})
	d := onlyDiag(t, diags)
	w := want{fmt.Sprintf("k%d/kustomization.yaml", maxNesting-1), 2, 5}
	w.check(t, "nesting", d.Range)
	if _, ok := entities(t, r)["node-class default"]; !ok {
		t.Error("the rest of the overlay did not render")
	}
}

func TestMeasureAliases(t *testing.T) {
	for name, tc := range map[string]struct {
		in    string
		extra int64
		err   error
	}{
		"none":      {"a: [1, 2]\n", 0, nil},
		"star only": {"a: '*'\n", 0, nil},
		"one alias": {"a: &x [1, 2]\nb: *x\n", 2, nil},
		"merge key": {"a: &x {p: 1}\nb:\n  <<: *x\n", 2, nil},
		"nested":    {aliasBomb(2), 1200, nil},
		"bomb":      {aliasBomb(9), 0, errExpansion},
		"loop":      {"a: &x\n  b: *x\n", 0, errAliasLoop},
		"not yaml":  {"a: *x\n", 0, nil},
	} {
		extra, _, err := measureAliases([]byte(tc.in), maxAliasNodes)
		if err != tc.err || (tc.err == nil && extra != tc.extra) {
			t.Errorf("%s: extra %d, err %v; want %d, %v", name, extra, err, tc.extra, tc.err)
		}
	}
}

// fakeGit puts a git on PATH that records being run; ran reports whether
// it was.
func fakeGit(t *testing.T) (ran func() bool) {
	t.Helper()
	bin := t.TempDir()
	marker := filepath.Join(bin, "ran")
	script := "#!/bin/sh\necho \"$@\" >> '" + marker + "'\nexit 1\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return func() bool {
		_, err := os.Stat(marker)
		return err == nil
	}
}

func TestHiddenEntriesVetted(t *testing.T) {
	ran := fakeGit(t)
	const remote = "github.com/example/repo//deploy?ref=main"
	root := t.TempDir()
	files(t, root, map[string]string{
		// An entry behind an alias, and one under a key spelled in
		// another case: krusty reads both.
		"alias/kustomization.yaml": "buildMetadata: &r\n  - " + remote + "\nresources: *r\n",
		"case/kustomization.yaml":  "Resources:\n  - nodeclass.yaml\n  - " + remote + "\n",
		"case/nodeclass.yaml":      nodeClass,
		"twice/kustomization.yaml": "resources:\n  - nodeclass.yaml\nRESOURCES:\n  - " + remote + "\n",
		"twice/nodeclass.yaml":     nodeClass,
	})
	for dir, line := range map[string]int{"alias": 2, "case": 3} {
		r, diags, notes := renderBounded(t, root, dir, Options{})
		found := false
		for _, n := range notes {
			found = found || n.What == "remote kustomize resource "+remote+" not fetched" && n.Range.Line == line
		}
		if !found {
			t.Errorf("%s: no note for the remote entry at line %d: diags %+v notes %+v", dir, line, diags, notes)
		}
		if dir == "case" {
			if _, ok := entities(t, r)["node-class default"]; !ok {
				t.Errorf("case: the rest of the overlay did not render")
			}
		}
	}
	_, diags, _ := renderBounded(t, root, "twice", Options{})
	if d := onlyDiag(t, diags); d.Range.Line != 3 || !strings.Contains(d.Detail, "case-insensitively") {
		t.Errorf("twice: %+v", d)
	}
	if ran() {
		t.Error("krusty ran git")
	}
}
