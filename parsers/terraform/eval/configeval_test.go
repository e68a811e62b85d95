package eval

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// configExpr parses src as an expression of a file named terragrunt.hcl.
func configExpr(t *testing.T, src string) hcl.Expression {
	t.Helper()
	e, diags := hclsyntax.ParseExpression([]byte(src), "terragrunt.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("parse %q: %s", src, diags)
	}
	return e
}

func TestConfigEvalFunctionsAndHoles(t *testing.T) {
	h := lint.NewHoles()
	hole := h.Sentinel(lint.HoleRef{Object: "aws_eks_cluster.main", Path: "name"})
	c := NewConfigEval(nil, t.TempDir(), h)
	ctx := &hcl.EvalContext{Functions: c.Functions(), Variables: map[string]cty.Value{"cluster": cty.StringVal(hole)}}
	v, diags := c.Value(configExpr(t, `join("-", [upper("eks"), cluster])`), ctx)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if want := "EKS-" + hole; v.AsString() != want {
		t.Fatalf("got %q, want %q", v.AsString(), want)
	}
	// substr cannot follow a hole: an anonymous hole in its place.
	v, _ = c.Value(configExpr(t, `"${substr(cluster, 0, 3)}:x"`), ctx)
	got := h.Decode(v.AsString())
	if got.IsKnown() || !lint.HasSentinel(v.AsString()) {
		t.Fatalf("substr of a hole: got %q, want an anonymous hole", v.AsString())
	}
}

func TestConfigEvalBudget(t *testing.T) {
	c := NewConfigEval(nil, t.TempDir(), nil)
	ctx := &hcl.EvalContext{Functions: c.Functions()}
	bomb := `[for a in range(1000) : [for b in range(1000) : [for c in range(1000) : "${a}${b}${c}"]]]`
	v, _ := c.Value(configExpr(t, bomb), ctx)
	if v.IsKnown() {
		t.Fatal("a billion-element for expression evaluated to a known value")
	}
	what, at, ok := c.Exceeded()
	if !ok || at.Filename != "terragrunt.hcl" || what == "" {
		t.Fatalf("Exceeded() = %q, %v, %v; want the bound hit in terragrunt.hcl", what, at, ok)
	}
	// Once spent, every value is unknown.
	if v, _ := c.Value(configExpr(t, `"a"`), ctx); v.IsKnown() {
		t.Fatal("a value evaluated after the budget was spent")
	}
}

func TestConfigEvalFileConfined(t *testing.T) {
	top := t.TempDir()
	in := filepath.Join(top, "live")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(in, "account.json"), []byte(`{"id":"111122223333"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(top, "secret.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := NewConfigEval(treefs.New([]string{in}, ""), in, nil)
	ctx := &hcl.EvalContext{Functions: c.Functions()}
	v, diags := c.Value(configExpr(t, `jsondecode(file("account.json")).id`), ctx)
	if diags.HasErrors() || v.AsString() != "111122223333" {
		t.Fatalf("got %#v %s", v, diags)
	}
	if _, diags := c.Value(configExpr(t, `file("../secret.txt")`), ctx); !diags.HasErrors() {
		t.Fatal("file() read outside the tree")
	}
}
