package lint

import (
	"strconv"
	"testing"
)

// TestHolesRoundTrip checks that the compact codec gives a reference back
// as it was made: one sentinel per reference, anonymous references made by
// name kept as such, and a fresh anonymous hole new each time.
func TestHolesRoundTrip(t *testing.T) {
	h := NewHoles()
	refs := []HoleRef{
		{Object: "infra:aws_iam_role.this", Path: "arn"},
		{Object: "infra:aws_iam_role.this", Path: "name"},
		{Object: "infra:aws_iam_role.that", Path: "arn"},
		{Object: "infra:count.index", Anonymous: true},
		{Object: "infra:aws_iam_role.this"},
		{Object: "infra:aws_eks_cluster.this", Path: "identity[0].oidc[0].issuer", Anonymous: true, Via: `trimprefix("x", "https://")`},
		{Anonymous: true, Via: `substr("x", 0, 20)`},
		{Anonymous: true, Via: `substr("x", 0, 12)`},
	}
	seen := map[string]bool{}
	for _, r := range refs {
		s := h.Sentinel(r)
		if seen[s] {
			t.Fatalf("%v: sentinel %q already given to another reference", r, s)
		}
		seen[s] = true
		if again := h.Sentinel(r); again != s {
			t.Errorf("%v: second sentinel %q, first %q", r, again, s)
		}
		segs := h.Decode("x" + s).Segments()
		if len(segs) != 2 || segs[1].Ref == nil || *segs[1].Ref != r {
			t.Errorf("%v: decoded as %+v", r, segs)
		}
	}
	a, b := h.Anonymous(), h.Anonymous()
	if a == b {
		t.Fatalf("two fresh anonymous holes share the sentinel %q", a)
	}
	ra := h.Decode(a).Segments()
	if len(ra) != 1 || ra[0].Ref == nil || !ra[0].Ref.Anonymous || ra[0].Ref.Object != "anonymous#"+strconv.Itoa(len(refs)) {
		t.Errorf("fresh anonymous hole decoded as %+v", ra)
	}
}

// TestCalledHolesEqualByCall checks that holes a call made (HoleRef.Via)
// equal the same call's, in a value, after a gob round trip and in the
// portable text of another run, while a hole derived without one equals
// nothing.
func TestCalledHolesEqualByCall(t *testing.T) {
	h := NewHoles()
	cut := func(n int) string {
		return h.Sentinel(HoleRef{Anonymous: true, Via: "substr(\"\uE002var.id\uE003\", 0, " + strconv.Itoa(n) + ")"})
	}
	a, b := h.Decode("profile-"+cut(20)), h.Decode("profile-"+cut(20))
	if got := Compare(a, b); got != Yes {
		t.Errorf("the same call twice: %v, want yes", got)
	}
	if got := Compare(a, h.Decode("profile-"+cut(12))); got != Maybe {
		t.Errorf("another call: %v, want maybe", got)
	}
	derived := h.Sentinel(HoleRef{Object: "aws_eks_cluster.x", Path: "arn", Anonymous: true})
	if got := Compare(h.Decode(derived), h.Decode(derived)); got != Maybe {
		t.Errorf("a hole derived without its call: %v, want maybe", got)
	}
	data, err := a.GobEncode()
	if err != nil {
		t.Fatal(err)
	}
	var back Value
	if err := back.GobDecode(data); err != nil {
		t.Fatal(err)
	}
	if got := Compare(back, b); got != Yes {
		t.Errorf("after a gob round trip: %v, want yes (%+v)", got, back.Segments())
	}
	if p, ok := h.PortableNamed("profile-" + cut(20)); !ok || p == h.Portable("profile-"+cut(12)) {
		t.Errorf("portable texts of two calls: %q, %v", p, ok)
	}
	if _, ok := h.PortableNamed("profile-" + derived); ok {
		t.Errorf("a hole that equals nothing has a portable name")
	}
	if _, ok := h.PortableNamed("profile-" + h.Anonymous()); ok {
		t.Errorf("a fresh hole has a portable name")
	}
}

// BenchmarkHolesSentinel makes the holes of a run whose objects repeat
// with a few paths each, as the Terraform evaluator does.
func BenchmarkHolesSentinel(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		h := NewHoles()
		for o := 0; o < 2000; o++ {
			obj := "copy/eks:module.eks.aws_iam_role.r" + strconv.Itoa(o)
			for _, p := range []string{"arn", "name", "id"} {
				h.Sentinel(HoleRef{Object: obj, Path: p})
			}
		}
	}
}

func TestIsHole(t *testing.T) {
	h := NewHoles()
	a, b := h.Sentinel(HoleRef{Object: "terraform_data.src", Path: "output"}), h.Sentinel(HoleRef{Object: "x", Path: "y"})
	for s, want := range map[string]bool{a: true, b: true, a + b: false, "x-" + a: false, a + "-x": false, "plain": false, "": false} {
		if got := IsHole(s); got != want {
			t.Errorf("IsHole(%q) = %v, want %v", s, got, want)
		}
	}
}
