package terraform

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
)

// The alternatives a constraint allows are evaluated in part (altplan.go):
// every fixture that calls a stand-in gives the same entities, inferred
// alike, and the same notes as when each alternative is evaluated whole.
func TestAlternativesInPartAsWhole(t *testing.T) {
	var roots []string
	for _, base := range []string{"eval/testdata", "../../rules/testdata"} {
		roots = append(roots, tfRoots(t, base)...)
	}
	inPart, quiet := int64(0), int64(0)
	for _, dir := range roots {
		p, q := compareAlternatives(t, dir, []string{dir})
		inPart, quiet = inPart+p, quiet+q
	}
	if inPart == quiet {
		t.Fatalf("no fixture evaluated an alternative in part (%d in part, all %d quiet)", inPart, quiet)
	}
	if quiet == 0 {
		t.Fatal("no fixture's alternative was quiet (made no entity, not evaluated)")
	}
}

// A node group called at any release from 20.8.4 is modelled alike by every
// release the constraint allows (the earlier 20.x take no
// cloudinit_pre_nodeadm, so their launch template is modelled otherwise): each alternative is quiet (it would make
// no entity evaluated in part) and is not evaluated, its plan taken from
// the embedded table. The node role's name
// holds a hole made anew in each evaluation (substr of an unknown): whole,
// the alternatives make it alike but for that hole, so the role rests on
// the constraint for none of its facts.
func TestQuietAlternativeFreshHole(t *testing.T) {
	dir := "eval/testdata/quiet_alternative"
	l := newLoader(Options{Root: dir, Holes: lint.NewHoles()})
	r := l.load([]string{dir})
	if q, p := l.Quiet.Load(), l.InPart.Load(); q == 0 || q != p {
		t.Fatalf("%d of %d alternatives evaluated in part were quiet, want all of them", q, p)
	}
	if l.Tabled.Load() == 0 {
		t.Fatal("no quiet alternative's plan came from the embedded table")
	}
	var role *lint.Object
	for _, ent := range r.Entities {
		if o := ent.Base(); o.Addr == dir+":module.general_nodes.aws_iam_role.this[0]" {
			role = o
		}
	}
	if role == nil {
		t.Fatal("no node role")
	}
	if len(role.Inferred) != 1 || !strings.Contains(role.Inferred[0], "allows versions that model differently") {
		t.Fatalf("node role rests on %q, want the constraint", role.Inferred)
	}
	if on, ok := role.InferredOn[role.Inferred[0]]; !ok || len(on) != 0 {
		t.Errorf("node role inferred on %v (recorded: %v), want on no fact", on, ok)
	}
}

// The same on real repositories that call stand-ins under constraints
// (skipped when the corpus is absent).
func TestAlternativesInPartCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("loads whole repositories")
	}
	for _, name := range []string{"aws-ia+terraform-aws-eks-blueprints", "aws-samples+eks-workshop-v2", "truefoundry+terraform-aws-truefoundry-karpenter"} {
		dir := filepath.Join("/work/corpus", name)
		if _, err := os.Stat(dir); err != nil {
			t.Skipf("corpus absent: %v", err)
		}
		if p, q := compareAlternatives(t, dir, tfDirsUnder(t, dir)); p == q {
			t.Errorf("%s: no alternative evaluated in part", name)
		}
	}
}

// compareAlternatives loads dirs under root with alternatives evaluated
// in part and whole, reports any difference, and returns how many were
// evaluated in part, and how many of those were quiet (not evaluated).
func compareAlternatives(t *testing.T, root string, dirs []string) (inPart, quiet int64) {
	t.Helper()
	hp, hw, hq := lint.NewHoles(), lint.NewHoles(), lint.NewHoles()
	part, whole := newLoader(Options{Root: root, Holes: hp}), newLoader(Options{Root: root, Holes: hw})
	evaluated := newLoader(Options{Root: root, Holes: hq})
	whole.WholeAlternatives, evaluated.EvaluateQuiet = true, true
	a, b, c := part.load(dirs), whole.load(dirs), evaluated.load(dirs)
	fa, fb, fc := entityFacts(a, hp), entityFacts(b, hw), entityFacts(c, hq)
	if !reflect.DeepEqual(fa, fb) {
		t.Errorf("%s: entities differ when alternatives are evaluated in part:\n%s", root, firstDifference(fa, fb))
	}
	if !reflect.DeepEqual(fc, fb) {
		t.Errorf("%s: entities differ when quiet alternatives are evaluated in part too:\n%s", root, firstDifference(fc, fb))
	}
	if !reflect.DeepEqual(a.Notes, b.Notes) || !reflect.DeepEqual(c.Notes, b.Notes) {
		t.Errorf("%s: notes differ:\n%v\nquiet evaluated:\n%v\nwhole:\n%v", root, a.Notes, c.Notes, b.Notes)
	}
	return part.InPart.Load(), part.Quiet.Load()
}

// tfRoots are the directories under base that hold .tf files and have no
// parent directory that does.
func tfRoots(t *testing.T, base string) []string {
	t.Helper()
	if _, err := os.Stat(base); err != nil {
		return nil
	}
	var out []string
	err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		ents, _ := os.ReadDir(p)
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".tf") {
				out = append(out, p)
				return filepath.SkipDir
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// anonNumber is the number of a fresh anonymous hole: it differs with how
// many were made before, never reaches a report, and is left out.
var anonNumber = regexp.MustCompile(`anonymous#[0-9]+`)

// sentinelText is a sentinel in a string (its number too differs).
var sentinelText = regexp.MustCompile("\uE000[0-9a-z]+\uE001")

// entityFacts renders each entity whole, positions and what it rests on
// included (anonymous holes without their numbers).
func entityFacts(r Result, h *lint.Holes) []string {
	out := make([]string, 0, len(r.Entities))
	for _, ent := range r.Entities {
		var b strings.Builder
		eval.WriteFacts(&b, reflect.ValueOf(ent))
		o := ent.Base()
		b.WriteString(" at " + o.Range.String() + " inferred " + strings.Join(o.Inferred, "; "))
		for _, why := range slices.Sorted(maps.Keys(o.InferredOn)) {
			facts := make([]string, 0, len(o.InferredOn[why]))
			for _, f := range o.InferredOn[why] {
				facts = append(facts, string(f))
			}
			slices.Sort(facts)
			b.WriteString(" [" + why + " on " + strings.Join(facts, ",") + "]")
		}
		text := sentinelText.ReplaceAllStringFunc(b.String(), func(s string) string {
			if segs := h.Decode(s).Segments(); len(segs) == 1 && segs[0].Ref != nil {
				return "<" + segs[0].Ref.Object + "|" + segs[0].Ref.Path + ">"
			}
			return "<?>"
		})
		out = append(out, anonNumber.ReplaceAllString(text, "anonymous#"))
	}
	return out
}

// firstDifference shows the first entity that differs.
func firstDifference(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return "in part: " + a[i] + "\nwhole:   " + b[i]
		}
	}
	return fmt.Sprintf("%d entities in part, %d whole", len(a), len(b))
}
