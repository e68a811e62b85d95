package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/lint/graph"
	"github.com/faultline-dev/faultline/rules"
)

// resultJSON is a result as the reports see it, findings and notes.
func resultJSON(t *testing.T, res lint.Result) string {
	t.Helper()
	for i := range res.Findings {
		res.Findings[i].Picture = nil // drawn for the cache; the command draws it for markdown
	}
	b, err := json.Marshal(struct {
		R     lint.Result
		Notes []lint.Note
	}{res, res.Summary.Notes})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An edit to a file the run read, a new file, a deleted file, a changed
// variable or rule option each make the run a miss whose result is a
// fresh run's; an unchanged tree is a hit with the stored result.
func TestRunCachedSeesEveryChange(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"infra/main.tf": "variable \"name\" {\n  default = \"nodes\"\n}\n\nresource \"aws_iam_role\" \"r\" {\n  name = var.name\n}\n",
		"k8s/a.yaml":    "kind: A\n",
	})
	c := testCache(t)
	opts := Options{Paths: []string{root}, Cwd: root}
	check := func(what string, opts Options, ropts lint.Options, wantHit bool) string {
		t.Helper()
		l, got, err := RunCached(opts, rules.All, ropts, c)
		if err != nil {
			t.Fatal(err)
		}
		if hit := l.Cache.Hits == 1; hit != wantHit {
			t.Errorf("%s: hit %v, want %v (%s)", what, hit, wantHit, l.Cache)
		}
		if l.Cache.NotStored != "" {
			t.Errorf("%s: not stored: %s", what, l.Cache.NotStored)
		}
		_, fresh, err := Run(opts, rules.All, ropts)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := resultJSON(t, got), resultJSON(t, fresh); g != w {
			t.Errorf("%s: cached result differs from a fresh run's:\n%s\nwant\n%s", what, g, w)
		}
		return resultJSON(t, got)
	}
	base := check("cold", opts, lint.Options{}, false)
	check("warm", opts, lint.Options{}, true)

	write(t, root, map[string]string{"k8s/a.yaml": "kind: [\n"}) // the same size
	edited := check("edited manifest", opts, lint.Options{}, false)
	if edited == base {
		t.Fatal("the edit changed nothing in the result: the test proves nothing")
	}
	check("edited manifest, warm", opts, lint.Options{}, true)

	write(t, root, map[string]string{"k8s/b.yaml": "kind: [\n"})
	added := check("new file", opts, lint.Options{}, false)
	if added == edited {
		t.Fatal("the new file changed nothing in the result")
	}
	must(t, os.Remove(filepath.Join(root, "k8s", "b.yaml")))
	if check("deleted file", opts, lint.Options{}, false) != edited {
		t.Error("deleting the new file did not give the earlier result back")
	}

	vars := opts
	vars.Vars = map[string]string{"name": "other"}
	check("changed variable", vars, lint.Options{}, false)
	check("changed variable, warm", vars, lint.Options{}, true)
	check("other rules", opts, lint.Options{Disable: []string{"FL000"}}, false)
	check("original options again", opts, lint.Options{}, true)
}

// Runs whose result depends on git or on a plan do not use the whole-run
// cache; their Terraform roots are still kept, and used by a plain run.
func TestRunCachedOffForGitAndPlanModes(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"k8s/a.yaml":    strings.Replace(nodeClass, "%s", "a", 1),
		"infra/main.tf": "resource \"aws_iam_role\" \"r\" {\n  name = \"r\"\n}\n",
	})
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Paths: []string{root}, Cwd: root, Changed: []string{}}
	for i := range 2 {
		l, _, err := RunCached(opts, rules.All, lint.Options{}, &Cache{Store: store})
		if err != nil {
			t.Fatal(err)
		}
		if l.Cache.Off == "" || l.Cache.Hits+l.Cache.Misses != 0 {
			t.Errorf("--changed used the cache: %s", l.Cache)
		}
		if l.Cache.Roots.Kept != i {
			t.Errorf("--changed run %d: %s; want %d roots kept", i+1, l.Cache, i)
		}
	}
	opts.Changed = nil
	l, _, err := RunCached(opts, rules.All, lint.Options{}, &Cache{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	if l.Cache.Roots.Kept != 1 {
		t.Errorf("a plain run after --changed: %s; want its root kept", l.Cache)
	}
}

// Every field of the configuration reaches the run's key: one the JSON
// encoding left out would let two configurations share results.
func TestConfigFieldsAllExported(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var check func(reflect.Type, string)
	check = func(ty reflect.Type, path string) {
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map:
			check(ty.Elem(), path)
			return
		case reflect.Struct:
		default:
			return
		}
		if seen[ty] {
			return
		}
		seen[ty] = true
		for i := range ty.NumField() {
			f := ty.Field(i)
			if !f.IsExported() || f.Tag.Get("json") == "-" {
				t.Errorf("%s.%s is not in the JSON of the configuration, so not in the cache key", path, f.Name)
			}
			check(f.Type, path+"."+f.Name)
		}
	}
	check(reflect.TypeFor[lint.Config](), "Config")
}

// Directories discovery never enters (node_modules, vendor, …) are not
// walked for the snapshot, so a package manager's tree costs a warm run
// nothing; but where the run read a file in one (a module under vendor/),
// its whole subtree is recorded, and a file added there is a miss.
func TestRunCachedSkippedDirectories(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"infra/main.tf":                "module \"nodes\" {\n  source = \"../vendor/nodes\"\n}\n",
		"vendor/nodes/main.tf":         "resource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes\"\n}\n",
		"node_modules/tool/index.yaml": "kind: A\n",
	})
	c := testCache(t)
	opts := Options{Paths: []string{root}, Cwd: root}
	run := func(what string, wantHit bool) string {
		t.Helper()
		l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if hit := l.Cache.Hits == 1; hit != wantHit {
			t.Errorf("%s: hit %v, want %v (%s)", what, hit, wantHit, l.Cache)
		}
		_, fresh, err := Run(opts, rules.All, lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g, w := resultJSON(t, got), resultJSON(t, fresh); g != w {
			t.Errorf("%s: cached result differs from a fresh run's:\n%s\nwant\n%s", what, g, w)
		}
		return resultJSON(t, got)
	}
	base := run("cold", false)
	write(t, root, map[string]string{"node_modules/tool/more.yaml": "kind: B\n", "node_modules/other/x.js": "x"})
	run("a package added under node_modules", true)
	write(t, root, map[string]string{"vendor/nodes/profile.tf": "resource \"aws_iam_instance_profile\" \"nodes\" {\n  role = aws_iam_role.nodes.name\n}\n"})
	if run("a file added to the module under vendor/", false) == base {
		t.Fatal("the new module file changed nothing in the result: the test proves nothing")
	}
}

// The pictures a stored run keeps are drawn on the part of the graph its
// findings' files hold; each is the picture the whole graph gives (the
// markdown report's), over every rule's test data as one tree: hundreds
// of findings, many drawn, in fewer files than the model's entities.
func TestPicturesAroundFindingsAreTheWholeGraphs(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "rules", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	l, res, err := Run(Options{Paths: []string{dir}, Cwd: dir}, rules.All, lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := l.Input.Model
	whole := graph.Build(m).Pictures()
	got := append([]lint.Finding(nil), res.Findings...)
	picture(got, m)
	drawn := 0
	for i, f := range res.Findings {
		want := whole.Picture(f)
		if !reflect.DeepEqual(got[i].Picture, want) {
			t.Errorf("%s at %s: picture %+v, want %+v", f.Rule, f.Range, got[i].Picture, want)
		}
		if want != nil && len(want.Edges) > 0 {
			drawn++
		}
	}
	entityFiles, findingFiles := map[string]bool{}, map[string]bool{}
	for _, e := range m.Entities() {
		entityFiles[e.Base().Range.File] = true
	}
	for _, f := range res.Findings {
		findingFiles[f.Range.File] = true
		for _, r := range f.Related {
			findingFiles[r.Range.File] = true
		}
	}
	if drawn < 100 || len(findingFiles) >= len(entityFiles) {
		t.Fatalf("%d findings drawn, %d files with findings of %d with entities: the test proves nothing", drawn, len(findingFiles), len(entityFiles))
	}
	t.Logf("%d findings, %d drawn; %d files with findings of %d with entities", len(res.Findings), drawn, len(findingFiles), len(entityFiles))
}

// TestRunCachedListingSeesNewProbedFiles: a run after a stored one answers
// its units' probes from the snapshot it took at its start
// (treefs.Tree.UseListing). A tfvars file added beside a kept root, one
// its record probed as missing, is seen: the root is evaluated again and
// the result is a fresh run's; removed again, the earlier result is back.
func TestRunCachedListingSeesNewProbedFiles(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"infra/main.tf": "variable \"name\" {\n  default = \"nodes\"\n}\n\nresource \"aws_iam_role\" \"r\" {\n  name = var.name\n  assume_role_policy = \"{}\"\n}\n",
		"other/main.tf": "resource \"aws_iam_role\" \"o\" {\n  name = \"other\"\n  assume_role_policy = \"{}\"\n}\n",
	})
	c := testCache(t)
	opts := Options{Paths: []string{root}, Cwd: root}
	run := func(what string) (string, CacheReport) {
		t.Helper()
		l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		sameAsFresh(t, what, opts, l, got)
		return resultJSON(t, got), l.Cache
	}
	base, _ := run("cold")
	write(t, root, map[string]string{"infra/terraform.tfvars": "name = \"renamed\"\n"})
	_, rep := run("tfvars added")
	if rep.Roots.Kept != 1 || rep.Roots.Evaluated != 1 {
		t.Errorf("tfvars added: %d roots kept, %d evaluated; want the other root kept and infra evaluated (%s)", rep.Roots.Kept, rep.Roots.Evaluated, rep)
	}
	must(t, os.Remove(filepath.Join(root, "infra", "terraform.tfvars")))
	if again, _ := run("tfvars removed"); again != base {
		t.Error("removing the tfvars file did not give the first result back")
	}
}
