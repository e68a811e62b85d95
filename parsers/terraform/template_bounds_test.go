package terraform

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/terraform/eval"
)

// goodRoleLoaded reports whether the good root's role is in the result.
func goodRoleLoaded(res Result) bool {
	for _, e := range res.Entities {
		if e.Base().Addr == "good:aws_iam_role.nodes" {
			return true
		}
	}
	return false
}

func TestDeepTemplateFileStaysUnknown(t *testing.T) {
	// 70k nested parentheses inside one interpolation would overflow the
	// template parser's stack: the call is unknown, nothing crashes.
	deep := "${" + strings.Repeat("(", 70000) + "1" + strings.Repeat(")", 70000) + "}"
	res := loadBounded(t, map[string]string{
		"main.tf":  "output \"rendered\" { value = templatefile(\"${path.module}/deep.tpl\", {}) }\n",
		"deep.tpl": deep,
	})
	for _, d := range res.Diagnostics {
		if d.Summary == "Cannot evaluate module" {
			t.Fatalf("evaluation failed: %s", d.Detail)
		}
	}
	if !goodRoleLoaded(res) {
		t.Error("the good root was not linted")
	}
}

func TestDeepVarValueIsRefused(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	if _, diags := eval.ParseExpr(deep); !diags.HasErrors() || diags[0].Summary != "Nesting too deep" {
		t.Errorf("hclparseExpr of 100k brackets: %v, want Nesting too deep", diags)
	}
	if _, diags := eval.ParseExpr(`["a", ["b"]]`); diags.HasErrors() {
		t.Errorf("an ordinary list value: %v", diags)
	}
}

func TestPathDocumentsTemplateIsBudgeted(t *testing.T) {
	// A manifest rendered with vars by kubectl_path_documents is charged to
	// the root's budget like templatefile().
	loop := "%{ for a in range(1024) }%{ for b in range(1024) }%{ for c in range(1024) }x%{ endfor }%{ endfor }%{ endfor }"
	res := loadBounded(t, map[string]string{
		"main.tf": `data "kubectl_path_documents" "docs" {
  pattern = "${path.module}/manifests/*.yaml"
  vars    = { env = "prod" }
}
`,
		"manifests/cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${env}\ndata:\n  big: \"" + loop + "\"\n",
	})
	if n := budgetNotes(res); len(n) != 1 {
		t.Errorf("want one budget note, got %v", res.Notes)
	}
	if !goodRoleLoaded(res) {
		t.Error("the good root was not linted")
	}
}
