package extract

import (
	"testing"

	"github.com/zclconf/go-cty/cty"
)

func setObj(name string, value cty.Value) cty.Value {
	return cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal(name), "type": cty.NullVal(cty.String), "value": value})
}

// TestSDKSetOrder: helm provider 2.x applies set blocks in the order of
// the decimal text of their CRC-32 hash ("name:…;type:…;value:…;"):
// "2434883092" (external-dns-sa) sorts before "3481665756" (external-dns),
// so external-dns is applied last whatever the order written.
func TestSDKSetOrder(t *testing.T) {
	a := setEntry{i: 0, obj: setObj("serviceAccount.name", cty.StringVal("external-dns")), name: "serviceAccount.name"}
	b := setEntry{i: 1, obj: setObj("serviceAccount.name", cty.StringVal("external-dns-sa")), name: "serviceAccount.name"}
	for _, in := range [][]setEntry{{a, b}, {b, a}} {
		out := sdkSetOrder(in, true)
		if len(out) != 2 || out[1].i != 0 || out[0].unknownOrder || out[1].unknownOrder {
			t.Errorf("order %+v, want external-dns (written first) last and known", out)
		}
	}
	if k, _ := sdkSetHash(a.obj, true); k != "3481665756" {
		t.Errorf("hash of %v = %s", a.obj, k)
	}
	// A number is hashed as its text, as the SDK holds a TypeString.
	n, _ := sdkSetHash(setObj("replicas", cty.NumberIntVal(3)), true)
	s, _ := sdkSetHash(setObj("replicas", cty.StringVal("3")), true)
	if n != s {
		t.Errorf("number hash %s, string hash %s", n, s)
	}
	// A value known only at apply: which of two wins is unknown; another
	// name keeps its place and stays known.
	u := setEntry{i: 2, obj: setObj("serviceAccount.name", cty.UnknownVal(cty.String)), name: "serviceAccount.name"}
	c := setEntry{i: 3, obj: setObj("replicas", cty.StringVal("2")), name: "replicas"}
	out := sdkSetOrder([]setEntry{a, u, c}, true)
	for _, e := range out {
		if want := e.name == "serviceAccount.name"; e.unknownOrder != want {
			t.Errorf("%s (written %d): unknownOrder %v, want %v", e.name, e.i, e.unknownOrder, want)
		}
	}
	if out[1].i != 2 {
		t.Errorf("the unknown element moved: %+v", out)
	}
}
