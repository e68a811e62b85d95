package fixer

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	"go.yaml.in/yaml/v3"
)

const trustTF = `resource "aws_iam_role" "r" {
  # ünïcode before the policy
  assume_role_policy = jsonencode({
    Statement = [{
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/oidc.example/id/X" }
      Condition = {
        StringEquals = {
          "oidc.example/id/X:sub" = "system:serviceaccount:karpenter:karpenter" # the old subject
        }
      }
    }]
  })
}
`

// in is the assume_role_policy attribute of trustTF.
var in = lint.Range{File: "main.tf", Line: 3, Column: 3, EndLine: 13, EndColumn: 5}

func readerOf(files map[string]string) Reader {
	return func(f string) ([]byte, bool) {
		s, ok := files[f]
		return []byte(s), ok
	}
}

// resolved runs Resolve on one finding with target t over src.
func resolved(t *testing.T, file, src string, target lint.FixTarget) *lint.Fix {
	t.Helper()
	fs := []lint.Finding{{Rule: "FL201", Fix: &lint.Fix{Description: "d", Target: target}}}
	Resolve(fs, readerOf(map[string]string{file: src}))
	return fs[0].Fix
}

func subjectTarget(old, new string) lint.FixTarget {
	return lint.FixTarget{Kind: lint.FixReplaceString, In: in, Old: old, New: new, Claim: "sub"}
}

// policyValue evaluates the edited attribute of an HCL file and returns the
// :sub condition value of its (jsonencoded) policy.
func policyValue(t *testing.T, src []byte) string {
	t.Helper()
	f, d := hclsyntax.ParseConfig(src, "main.tf", hcl.InitialPos)
	if d.HasErrors() {
		t.Fatalf("edited file does not parse: %v\n%s", d, src)
	}
	attr := f.Body.(*hclsyntax.Body).Blocks[0].Body.Attributes["assume_role_policy"]
	v, d := attr.Expr.Value(&hcl.EvalContext{Functions: map[string]function.Function{"jsonencode": stdlib.JSONEncodeFunc}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	var doc struct {
		Statement []struct{ Condition map[string]map[string]string }
	}
	if err := json.Unmarshal([]byte(v.AsString()), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Statement[0].Condition["StringEquals"]["oidc.example/id/X:sub"]
}

func TestReplaceSubjectHCL(t *testing.T) {
	fix := resolved(t, "main.tf", trustTF, subjectTarget("system:serviceaccount:karpenter:karpenter", "system:serviceaccount:kube-system:karpenter"))
	if !fix.Resolved() {
		t.Fatal("not resolved")
	}
	e := fix.Edits[0]
	want := lint.Range{File: "main.tf", Line: 9, Column: 37, EndLine: 9, EndColumn: 80}
	if e.Range != want || e.Text != `"system:serviceaccount:kube-system:karpenter"` {
		t.Fatalf("edit %+v, want range %+v", e, want)
	}
	if got := trustTF[e.Offset:e.End]; got != `"system:serviceaccount:karpenter:karpenter"` {
		t.Fatalf("edit spans %q", got)
	}
	out := splice([]byte(trustTF), fix.Edits)
	if got := policyValue(t, out); got != "system:serviceaccount:kube-system:karpenter" {
		t.Fatalf("policy now has %q", got)
	}
	if !strings.Contains(string(out), "# the old subject\n") || !strings.Contains(string(out), "# ünïcode") {
		t.Fatal("comments lost")
	}
}

// TestEditRangeColumnsAreCodePoints: a multi-byte character before the
// literal on its line counts as one column, while the byte offset counts
// its bytes.
func TestEditRangeColumnsAreCodePoints(t *testing.T) {
	src := strings.Replace(trustTF, `"oidc.example/id/X:sub" = "system`, `"oidc.example/id/Ü:sub" = "system`, 1)
	fix := resolved(t, "main.tf", src, subjectTarget("system:serviceaccount:karpenter:karpenter", "system:serviceaccount:a:b"))
	if !fix.Resolved() {
		t.Fatal("not resolved")
	}
	e := fix.Edits[0]
	if e.Range.Column != 37 || src[e.Offset] != '"' || strings.Count(src[:e.Offset], "\n") != 8 {
		t.Fatalf("edit %+v", e)
	}
}

// TestHostileReplacementHCL: quotes, backslashes, `${`, `%{` and newlines in
// the new value are escaped, so the policy holds exactly the new value and
// nothing is interpolated.
func TestHostileReplacementHCL(t *testing.T) {
	for _, hostile := range []string{`a"b`, `${var.x}`, `%{ if true }x%{ endif }`, "line\nbreak", `back\slash`, `$${already}`, "tab\there"} {
		fix := resolved(t, "main.tf", trustTF, subjectTarget("system:serviceaccount:karpenter:karpenter", hostile))
		if !fix.Resolved() {
			t.Fatalf("%q: not resolved", hostile)
		}
		if text := fix.Edits[0].Text; strings.Contains(hostile, "${") && !strings.Contains(text, "$${") || strings.ContainsAny(text, "\n") {
			t.Errorf("%q written as %s", hostile, text)
		}
		if got := policyValue(t, splice([]byte(trustTF), fix.Edits)); got != hostile {
			t.Errorf("%q: the policy now holds %q", hostile, got)
		}
	}
}

// TestNoFixWithoutOneLiteral: a computed subject, a heredoc, a conditional
// and a subject written twice get no fix.
func TestNoFixWithoutOneLiteral(t *testing.T) {
	old := `"system:serviceaccount:karpenter:karpenter"`
	for name, repl := range map[string]string{
		"template":    `"system:serviceaccount:${var.ns}:karpenter"`,
		"reference":   `local.subject`,
		"conditional": `var.legacy ? "system:serviceaccount:karpenter:karpenter" : "x"`,
		"function":    `lower("system:serviceaccount:karpenter:karpenter")`,
		"twice":       `["system:serviceaccount:karpenter:karpenter", "system:serviceaccount:karpenter:karpenter"]`,
	} {
		src := strings.Replace(trustTF, old, repl, 1)
		if fix := resolved(t, "main.tf", src, subjectTarget("system:serviceaccount:karpenter:karpenter", "system:serviceaccount:a:b")); fix != nil {
			t.Errorf("%s: fixed with %+v", name, fix.Edits)
		}
	}
	heredoc := "resource \"aws_iam_role\" \"r\" {\n  assume_role_policy = <<EOF\n{\"Statement\": [{\"Condition\": {\"StringEquals\": {\"x:sub\": \"system:serviceaccount:karpenter:karpenter\"}}}]}\nEOF\n}\n"
	target := subjectTarget("system:serviceaccount:karpenter:karpenter", "system:serviceaccount:a:b")
	target.In = lint.Range{File: "main.tf", Line: 2, Column: 3}
	if fix := resolved(t, "main.tf", heredoc, target); fix != nil {
		t.Errorf("heredoc: fixed with %+v", fix.Edits)
	}
	// Not the value of a :sub key.
	aud := subjectTarget("system:serviceaccount:karpenter:karpenter", "x")
	aud.Claim = "aud"
	if fix := resolved(t, "main.tf", trustTF, aud); fix != nil {
		t.Errorf("value of another claim: fixed with %+v", fix.Edits)
	}
	// Suppressed findings get none.
	fs := []lint.Finding{{Suppressed: &lint.Suppression{Reason: "r"}, Fix: &lint.Fix{Target: subjectTarget("system:serviceaccount:karpenter:karpenter", "system:serviceaccount:a:b")}}}
	Resolve(fs, readerOf(map[string]string{"main.tf": trustTF}))
	if fs[0].Fix != nil {
		t.Error("a suppressed finding keeps its fix")
	}
}

func audTarget() lint.FixTarget {
	return lint.FixTarget{Kind: lint.FixAddAudience, In: in, New: "sts.amazonaws.com"}
}

func TestAddAudience(t *testing.T) {
	fix := resolved(t, "main.tf", trustTF, audTarget())
	if !fix.Resolved() {
		t.Fatal("not resolved")
	}
	out := string(splice([]byte(trustTF), fix.Edits))
	want := `          "oidc.example/id/X:sub" = "system:serviceaccount:karpenter:karpenter" # the old subject
          "oidc.example/id/X:aud" = "sts.amazonaws.com"
        }`
	if !strings.Contains(out, want) {
		t.Fatalf("got\n%s", out)
	}
	if e := fix.Edits[0]; e.Range.Line != 10 || e.Range.Column != 1 || e.Range.EndLine != 10 || e.Offset != e.End {
		t.Fatalf("edit %+v", e)
	}

	oneLine := strings.Replace(trustTF, "StringEquals = {\n          \"oidc.example/id/X:sub\" = \"system:serviceaccount:karpenter:karpenter\" # the old subject\n        }",
		`StringEquals = { "oidc.example/id/X:sub" = "system:serviceaccount:karpenter:karpenter" }`, 1)
	fix = resolved(t, "main.tf", oneLine, audTarget())
	if !fix.Resolved() || !strings.Contains(string(splice([]byte(oneLine), fix.Edits)), `{ "oidc.example/id/X:sub" = "system:serviceaccount:karpenter:karpenter", "oidc.example/id/X:aud" = "sts.amazonaws.com" }`) {
		t.Fatalf("one line: %+v", fix)
	}

	for name, src := range map[string]string{
		"like":              strings.Replace(trustTF, "StringEquals", "StringLike", 1),
		"has aud":           strings.Replace(trustTF, "# the old subject\n", "\n          \"oidc.example/id/X:aud\" = \"x\"\n", 1),
		"two subs":          strings.Replace(trustTF, "# the old subject\n", "\n          \"oidc.example/id/Y:sub\" = \"x\"\n", 1),
		"computed":          strings.Replace(trustTF, "StringEquals = {", "StringEquals = merge(local.c, {", 1),
		"parenthesised key": strings.Replace(trustTF, `"oidc.example/id/X:sub" =`, `("oidc.example/id/X:sub") =`, 1),
	} {
		if fix := resolved(t, "main.tf", src, audTarget()); fix != nil {
			t.Errorf("%s: fixed with %+v", name, fix.Edits)
		}
	}
}

const roleYAML = `apiVersion: iam.aws.upbound.io/v1beta1
kind: Role
metadata:
  name: dns # a comment that stays
spec:
  forProvider:
    assumeRolePolicy: |
      {"Statement": [{"Action": "sts:AssumeRoleWithWebIdentity",
        "Condition": {"StringEquals": {"oidc.example/id/X:sub": "system:serviceaccount:default:external-dns"}}}]}
`

func TestReplaceSubjectYAML(t *testing.T) {
	target := lint.FixTarget{Kind: lint.FixReplaceString, In: lint.Range{File: "role.yaml", Line: 7, Column: 23}, Old: "system:serviceaccount:default:external-dns", Claim: "sub"}
	for _, style := range []struct{ name, src string }{
		{"literal", roleYAML},
		{"single-quoted", strings.Replace(strings.Replace(roleYAML, "|\n      {", "'{", 1), "]}\n", "]}'\n", 1)},
		{"double-quoted", `apiVersion: v1
kind: Role
spec:
  forProvider:
    assumeRolePolicy: "{\"Statement\": [{\"Condition\": {\"StringEquals\": {\"k:sub\": \"system:serviceaccount:default:external-dns\"}}}]}"
`},
	} {
		for _, hostile := range []string{"system:serviceaccount:kube-system:external-dns", `it's "quoted" \ and` + "\nbroken"} {
			tg := target
			tg.New = hostile
			if style.name == "double-quoted" {
				tg.In.Line = 5
			}
			fix := resolved(t, "role.yaml", style.src, tg)
			if !fix.Resolved() {
				t.Fatalf("%s %q: not resolved", style.name, hostile)
			}
			out := splice([]byte(style.src), fix.Edits)
			var doc struct {
				Metadata map[string]string
				Spec     struct {
					ForProvider struct {
						AssumeRolePolicy string `yaml:"assumeRolePolicy"`
					} `yaml:"forProvider"`
				}
			}
			if err := yaml.Unmarshal(out, &doc); err != nil {
				t.Fatalf("%s: %v\n%s", style.name, err, out)
			}
			if !strings.Contains(string(out), "# a comment that stays") && style.name != "double-quoted" {
				t.Errorf("%s: comment lost", style.name)
			}
			var pol struct {
				Statement []struct{ Condition map[string]map[string]string }
			}
			if err := json.Unmarshal([]byte(doc.Spec.ForProvider.AssumeRolePolicy), &pol); err != nil {
				t.Fatalf("%s: %v", style.name, err)
			}
			for _, v := range pol.Statement[0].Condition["StringEquals"] {
				if v != hostile {
					t.Errorf("%s: policy holds %q, want %q", style.name, v, hostile)
				}
			}
		}
	}
}

func TestPlanRefusesOverlapAndKeepsDuplicates(t *testing.T) {
	e := lint.Edit{Range: lint.Range{File: "main.tf", Line: 9, Column: 37}, Offset: 10, End: 20, Text: `"x"`}
	other := e
	other.Offset, other.Text = 15, `"y"`
	find := func(es ...lint.Edit) []lint.Finding {
		var fs []lint.Finding
		for _, e := range es {
			fs = append(fs, lint.Finding{Rule: "FL201", Fix: &lint.Fix{Description: "d", Edits: []lint.Edit{e}}})
		}
		return fs
	}
	read := readerOf(map[string]string{"main.tf": trustTF})
	if _, err := Plan(find(e, other), read); !errors.Is(err, ErrOverlap) {
		t.Fatalf("overlap: %v", err)
	}
	ch, err := Plan(find(e, e), read)
	if err != nil || len(ch) != 1 || len(ch[0].edits) != 1 {
		t.Fatalf("duplicates: %v %+v", err, ch)
	}
	// An edit that breaks the syntax is refused.
	bad := e
	bad.Text = `"unterminated`
	if _, err := Plan(find(bad), read); err == nil {
		t.Fatal("an edit that breaks the file is applied")
	}
}

// TestWriteAllOrNothing: a change to a symlink (or a file outside the
// roots) fails the whole write, and no file is changed.
func TestWriteAllOrNothing(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	good := filepath.Join(root, "a.tf")
	target := filepath.Join(outside, "b.tf")
	for _, p := range []string{good, target} {
		if err := os.WriteFile(p, []byte("x = 1\n"), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(root, "b.tf")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	abs := func(f string) string { return filepath.Join(root, f) }
	changes := []FileChange{
		{File: "a.tf", Before: []byte("x = 1\n"), After: []byte("x = 2\n")},
		{File: "b.tf", Before: []byte("x = 1\n"), After: []byte("x = 2\n")},
	}
	if err := Write(changes, []string{root}, abs); err == nil {
		t.Fatal("wrote through a symlink")
	}
	for _, p := range []string{good, target} {
		if b, _ := os.ReadFile(p); string(b) != "x = 1\n" {
			t.Errorf("%s changed: %q", p, b)
		}
	}
	if err := Write(changes[:1], []string{outside}, abs); err == nil {
		t.Fatal("wrote outside the roots")
	}
	if err := Write(changes[:1], []string{root}, abs); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(good)
	if b, _ := os.ReadFile(good); string(b) != "x = 2\n" || st.Mode().Perm() != 0o640 {
		t.Errorf("a.tf: %q %v", b, st.Mode())
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 2 {
		t.Errorf("temporary files left: %v", entries)
	}
}

func TestDiff(t *testing.T) {
	src := []byte("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20")
	edits := []lint.Edit{
		{Offset: 2, End: 3, Text: "two"},     // line 2
		{Offset: 12, End: 12, Text: "6.5\n"}, // before line 7
		{Offset: 48, End: 50, Text: "XX"},    // line 20, no newline at the end
	}
	var b strings.Builder
	if err := WriteDiff(&b, []FileChange{{File: "f.tf", Before: src, edits: edits}}); err != nil {
		t.Fatal(err)
	}
	want := `--- a/f.tf
+++ b/f.tf
@@ -1,9 +1,10 @@
 1
-2
+two
 3
 4
 5
 6
+6.5
 7
 8
 9
@@ -17,4 +18,4 @@
 17
 18
 19
-20
\ No newline at end of file
+XX
\ No newline at end of file
`
	if b.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// BenchmarkResolve locates a subject fix and an :aud fix in one file and
// plans their edits (the work a lint run adds per fixable finding).
func BenchmarkResolve(b *testing.B) {
	read := readerOf(map[string]string{"main.tf": trustTF})
	b.ReportAllocs()
	for b.Loop() {
		fs := []lint.Finding{
			{Rule: "FL201", Fix: &lint.Fix{Description: "d", Target: subjectTarget("system:serviceaccount:karpenter:karpenter", "system:serviceaccount:kube-system:karpenter")}},
			{Rule: "FL204", Fix: &lint.Fix{Description: "d", Target: audTarget()}},
		}
		Resolve(fs, read)
		if _, err := Plan(fs, read); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEditedLines: the suggestion text is the whole of every line the edit
// touches, as it reads after the edit.
func TestEditedLines(t *testing.T) {
	data := []byte("a = 1\n  sub = \"old\" # keep\nz = 2\n")
	off := strings.Index(string(data), `"old"`)
	e := lint.Edit{Offset: off, End: off + len(`"old"`), Text: `"new"`}
	lines, r := editedLines("main.tf", data, e)
	if lines != `  sub = "new" # keep` || r.Line != 2 || r.EndLine != 2 {
		t.Errorf("editedLines = %q at %+v", lines, r)
	}
	e = lint.Edit{Offset: 4, End: off + len(`"old"`), Text: "9\n  sub = \"new\""}
	lines, r = editedLines("main.tf", data, e)
	if lines != "a = 9\n  sub = \"new\" # keep" || r.Line != 1 || r.EndLine != 2 {
		t.Errorf("multi-line editedLines = %q at %+v", lines, r)
	}
}

const associationTF = `resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = "prod" # ünï
  namespace       = "karpenter"
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter.arn
}
`

// TestReplaceValueHCL: an attribute written as one quoted literal equal to
// the old value is rewritten in place; a reference, an interpolation or
// another value is left alone.
func TestReplaceValueHCL(t *testing.T) {
	target := func(line int, old string) lint.FixTarget {
		return lint.FixTarget{Kind: lint.FixReplaceValue, In: lint.Range{File: "main.tf", Line: line, Column: 3}, Old: old, New: "kube-system"}
	}
	fix := resolved(t, "main.tf", associationTF, target(3, "karpenter"))
	if !fix.Resolved() {
		t.Fatal("not resolved")
	}
	out := string(splice([]byte(associationTF), fix.Edits))
	if !strings.Contains(out, `  namespace       = "kube-system"`+"\n") || !strings.Contains(out, `service_account = "karpenter"`) || !strings.Contains(out, "# ünï") {
		t.Fatalf("edited:\n%s", out)
	}
	for name, tc := range map[string]struct {
		src  string
		line int
		old  string
	}{
		"other value":   {associationTF, 3, "kube-system"},
		"reference":     {associationTF, 5, "karpenter"},
		"interpolation": {strings.Replace(associationTF, `"karpenter"`, `"${var.ns}"`, 1), 3, "karpenter"},
		"heredoc":       {strings.Replace(associationTF, `namespace       = "karpenter"`, "namespace = <<EOT\nkarpenter\nEOT", 1), 3, "karpenter\n"},
		"no attribute":  {associationTF, 4, "karpenter-x"},
	} {
		if f := resolved(t, "main.tf", tc.src, target(tc.line, tc.old)); f.Resolved() {
			t.Errorf("%s: resolved to %+v", name, f.Edits)
		}
	}
}

// TestReplaceValueYAML: a string scalar is rewritten in its own quoting,
// comments and layout kept; a value that would stop reading as a string
// (plain 123) or a block scalar is not offered.
func TestReplaceValueYAML(t *testing.T) {
	const doc = "spec:\n  forProvider:\n    # where the pods run\n    namespace: karpenter   # moved?\n    serviceAccount: 'karpenter'\n    name: \"ünï-karpenter\"\n"
	at := func(line, col int, old, new string) lint.FixTarget {
		return lint.FixTarget{Kind: lint.FixReplaceValue, In: lint.Range{File: "a.yaml", Line: line, Column: col}, Old: old, New: new}
	}
	for name, tc := range map[string]struct {
		target lint.FixTarget
		want   string
	}{
		"plain":         {at(4, 16, "karpenter", "kube-system"), "    namespace: kube-system   # moved?\n"},
		"single quoted": {at(5, 21, "karpenter", "it's"), "    serviceAccount: 'it''s'\n"},
		"double quoted": {at(6, 11, "ünï-karpenter", `a"b`), `    name: "a\"b"` + "\n"},
	} {
		fix := resolved(t, "a.yaml", doc, tc.target)
		if !fix.Resolved() {
			t.Errorf("%s: not resolved", name)
			continue
		}
		out := string(splice([]byte(doc), fix.Edits))
		if !strings.Contains(out, tc.want) || !strings.Contains(out, "# where the pods run\n") {
			t.Errorf("%s: edited:\n%s", name, out)
		}
		var v map[string]map[string]map[string]string
		if err := yaml.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, tc := range map[string]lint.FixTarget{
		"not a string after": at(4, 16, "karpenter", "123"),
		"other value":        at(4, 16, "kube-system", "x"),
		"no scalar there":    at(4, 3, "karpenter", "x"),
	} {
		if f := resolved(t, "a.yaml", doc, tc); f.Resolved() {
			t.Errorf("%s: resolved to %+v", name, f.Edits)
		}
	}
	block := "namespace: |\n  karpenter\n"
	if f := resolved(t, "a.yaml", block, at(1, 12, "karpenter\n", "x")); f.Resolved() {
		t.Errorf("block scalar: resolved to %+v", f.Edits)
	}
}
