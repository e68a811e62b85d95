package terraform

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
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
	inPart := int64(0)
	for _, dir := range roots {
		inPart += compareAlternatives(t, dir, []string{dir})
	}
	if inPart == 0 {
		t.Fatal("no fixture evaluated an alternative in part")
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
		if compareAlternatives(t, dir, tfDirsUnder(t, dir)) == 0 {
			t.Errorf("%s: no alternative evaluated in part", name)
		}
	}
}

// compareAlternatives loads dirs under root with alternatives evaluated
// in part and whole, reports any difference, and returns how many were
// evaluated in part.
func compareAlternatives(t *testing.T, root string, dirs []string) int64 {
	t.Helper()
	hp, hw := lint.NewHoles(), lint.NewHoles()
	part, whole := newLoader(Options{Root: root, Holes: hp}), newLoader(Options{Root: root, Holes: hw})
	whole.WholeAlternatives = true
	a, b := part.load(dirs), whole.load(dirs)
	if fa, fb := entityFacts(a, hp), entityFacts(b, hw); !reflect.DeepEqual(fa, fb) {
		t.Errorf("%s: entities differ when alternatives are evaluated in part:\n%s", root, firstDifference(fa, fb))
	}
	if !reflect.DeepEqual(a.Notes, b.Notes) {
		t.Errorf("%s: notes differ:\n%v\nwhole:\n%v", root, a.Notes, b.Notes)
	}
	return part.InPart.Load()
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
