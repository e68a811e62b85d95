package eval

import (
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// hostileFunctionCases are one-line calls that, before each function was
// bounded before running, took hundreds of MB to GBs (or minutes) to build
// what the budget then refused. Each must now stop at the bound named.
var hostileFunctionCases = []struct {
	name, expr, bound string
}{
	{"regexall of empty matches over 8 MiB", `regexall("(a|)", format("%8388000s", ""))`, "collection size"},
	{"regexall of 64 groups", `regexall("` + strings.Repeat("(", 64) + "a" + strings.Repeat(")", 64) + `", replace(format("%240000s", ""), " ", "a"))`, "collection size"},
	{"regexall of a named group over strrev", `regexall("(?P<a>a|)", strrev(format("%8388000s", "")))`, "collection size"},
	{"regexall rescanning the rest", `regexall(".*b|a", replace(format("%100000s", ""), " ", "a"))`, "regular expression steps"},
	{"regex with a 4 MB pattern", `regex(replace(format("%2000000s", ""), " ", "a|"), "b")`, "regular expression size"},
	{"regex repeating to a huge program", `regex("` + strings.Repeat(`[a-z]{1000}`, 100) + `", "b")`, "regular expression size"},
	{"replace by regex, each match copied eight times", `replace(format("%4000000s", ""), "/ /", "$0$0$0")`, "string size"},
	{"yamldecode of 4M flow items", `yamldecode(format("[%s]", replace(format("%4000000s", ""), " ", "0,")))`, "collection size"},
	{"yamldecode of 1M anchors", `yamldecode(replace(format("%1000000s", ""), " ", "- &a x\n"))`, "collection size"},
	{"yamldecode of 2M aliases", `yamldecode(format("a: &a [x]\nb: [%s]", replace(format("%2000000s", ""), " ", "*a,")))`, "collection size"},
	{"formatlist repeating a 1 MB string", `formatlist("%s%s", format("%1000000s", ""), range(1000))`, "string size"},
	{"jsonencode escaping 2 MB of <", `jsonencode(replace(format("%2000000s", ""), " ", "<"))`, "string size"},
	{"base64encode of 8 MB", `base64encode(format("%8000000s", ""))`, "string size"},
	{"matchkeys of 3000 by 3000", `matchkeys(flatten([for i in range(1000) : [i, i, i]]), flatten([for i in range(1000) : [i, i, i]]), flatten([for i in range(1000) : [i, i, i]]))`, "values built"},
	{"urlencode of 4 MB", `urlencode(replace(format("%4000000s", ""), " ", "&"))`, "string size"},
}

// TestBudgetHostileFunctions: each hostile call ends with the budget's
// note, having allocated little (the 8 MB argument and its copies, not the
// result). Not parallel: the allocation is measured for the whole process.
func TestBudgetHostileFunctions(t *testing.T) {
	for _, c := range hostileFunctionCases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"main.tf": "locals {\n  x = " + c.expr + "\n}\noutput \"o\" { value = local.x }\n"})
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			e := testSession(Options{Root: dir}).Evaluate(dir)
			runtime.ReadMemStats(&after)
			n, ok := e.budgetNote()
			if !ok {
				t.Fatalf("no budget note; the output is known: %v", e.rootInst.outputs["o"].IsWhollyKnown())
			}
			if !strings.Contains(n.What, "its "+c.bound+" bound") || n.Range.Line != 2 {
				t.Errorf("note %q at line %d, want the %s bound at line 2", n.What, n.Range.Line, c.bound)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
				t.Errorf("allocated %d MB, want under 64 MB", got>>20)
			}
		})
	}
}

// TestBudgetFunctionValues: calls within the budget give Terraform's
// values (each expectation is `terraform console`'s answer).
func TestBudgetFunctionValues(t *testing.T) {
	t.Parallel()
	const arn = `"arn:aws:iam::123456789012:role/probe"`
	cases := map[string]string{
		`regexall("[a-z]+", ` + arn + `)`:                        `["arn","aws","iam","role","probe"]`,
		`regexall("(a|)", "baaab")`:                              `[[""],["a"],["a"],["a"],[""]]`,
		`regexall("\\b\\w", "hello big world")`:                  `["h","b","w"]`,
		`regexall("(?m)^\\w+", "ab\ncd\nef")`:                    `["ab","cd","ef"]`,
		`regexall("^a", "aaa")`:                                  `["a"]`,
		`regexall("", "héllo")`:                                  `["","","","","",""]`,
		`regexall("a*", "baaac")`:                                `["","aaa",""]`,
		`regexall("\\B.", "ab cd")`:                              `["b","d"]`,
		`regexall("x*$", "ab")`:                                  `[""]`,
		`regexall("arn:aws:iam::(\\d+):role/(.*)", ` + arn + `)`: `[["123456789012","probe"]]`,
		`regexall("(?P<acct>\\d+):(?P<kind>[a-z]+)", "` + "arn:aws:iam::123456789012:role/probe 42:user" + `")`: `[{"acct":"123456789012","kind":"role"},{"acct":"42","kind":"user"}]`,
		`regex("^arn:aws:iam::(\\d+)", ` + arn + `)`:                                                            `["123456789012"]`,
		`replace("aaa", "/a*/", "x")`:                                                                           `"x"`,
		`replace("héllo", "//", "-")`:                                                                           `"-h-é-l-l-o-"`,
		`replace("baaac", "/a*/", "[$0]")`:                                                                      `"[]b[aaa]c[]"`,
		`replace(` + arn + `, "/^.*role//", "")`:                                                                `"probe"`,
		`formatlist("%s-%s", ["a", "b"], "x")`:                                                                  `["a-x","b-x"]`,
		`jsonencode({ a = "<b>&" })`:                                                                            `"{\"a\":\"\\u003cb\\u003e\\u0026\"}"`,
		`yamlencode({ a = ["x", "y"], b = { c = "d" } })`:                                                       `"\"a\":\n- \"x\"\n- \"y\"\n\"b\":\n  \"c\": \"d\"\n"`,
		`base64encode("hello")`:                                                                                 `"aGVsbG8="`,
		`textencodebase64("hi", "UTF-16LE")`:                                                                    `"aABpAA=="`,
		`urlencode("a b&c")`:                                                                                    `"a+b%26c"`,
	}
	var b strings.Builder
	var names []string
	i := 0
	for expr := range cases {
		fmt.Fprintf(&b, "output \"o%d\" { value = jsonencode(%s) }\n", i, expr)
		names = append(names, expr)
		i++
	}
	dir := writeTree(t, map[string]string{"main.tf": b.String()})
	e := testSession(Options{Root: dir}).Evaluate(dir)
	if n, ok := e.budgetNote(); ok {
		t.Fatalf("budget exceeded: %s", n.What)
	}
	for i, expr := range names {
		v := e.rootInst.outputs[fmt.Sprintf("o%d", i)]
		if !v.IsKnown() || v.IsNull() {
			t.Errorf("%s is %#v, want %s", expr, v, cases[expr])
			continue
		}
		if got := v.AsString(); got != cases[expr] {
			t.Errorf("%s is %s, want %s", expr, got, cases[expr])
		}
	}
}

// TestBudgetYAMLDecodeManifest: a manifest using most of YAML (comments,
// block scalars, anchors and aliases, flow collections, quoting) decodes
// as before, within the budget.
func TestBudgetYAMLDecodeManifest(t *testing.T) {
	t.Parallel()
	dir := writeTree(t, map[string]string{
		"main.tf": `
locals { m = yamldecode(file("${path.module}/cm.yaml")) }
output "name" { value = local.m.metadata.name }
output "script" { value = local.m.data["run.sh"] }
output "ports" { value = jsonencode(local.m.spec.ports) }
output "copy" { value = local.m.spec.copy.team }
`,
		"cm.yaml": sampleManifest,
	})
	e := testSession(Options{Root: dir}).Evaluate(dir)
	if n, ok := e.budgetNote(); ok {
		t.Fatalf("budget exceeded: %s", n.What)
	}
	out := e.rootInst.outputs
	want := map[string]string{
		"name":   "app: main",
		"script": "#!/bin/sh\necho \"[{ not: yaml }]\"\n  - indented: too\n",
		"ports":  `[{"name":"http","port":80},{"name":"https","port":443}]`,
		"copy":   "core",
	}
	for k, w := range want {
		if v := out[k]; !v.IsKnown() || v.IsNull() || v.AsString() != w {
			t.Errorf("output %s is %#v, want %q", k, v, w)
		}
	}
}

const sampleManifest = `# a config map
apiVersion: v1
kind: ConfigMap
metadata:
  name: 'app: main' # quoted, with a colon
  labels: &labels
    team: core
    tier: "web"
data:
  run.sh: |
    #!/bin/sh
    echo "[{ not: yaml }]"
      - indented: too
spec:
  ports: [{name: http, port: 80}, {name: https, port: 443}]
  copy: *labels
`

// TestYAMLNodeBound: the scan bounds the nodes of yaml.v3's parse tree
// from above, and not by much for ordinary documents.
func TestYAMLNodeBound(t *testing.T) {
	t.Parallel()
	docs := []string{
		sampleManifest,
		"",
		"x",
		"[a, b, {c: d}, [e: f]]",
		"{a, b: , c}",
		"- \n- - x\n  - \n-\n",
		"? a\n: b\n? [c]\n",
		"key:\nother: |\n  text\nlast: >-\n\n  folded\n\n  more\nend: x\n",
		"- key: |\n    content\n  sibling: x\n- |\n content\n",
		"a: \"multi\n  line\" # comment\nb: 'it''s'\nc: plain\n  continued # comment\n",
		`{"json": [1, 2, {"a": null}], "b":true}`,
		"%YAML 1.1\n--- !tag\n- &a x\n- *a\n- !!str 3\n...\n",
	}
	for _, d := range docs {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(d), &doc); err != nil {
			t.Fatalf("%q: %v", d, err)
		}
		nodes := nodeCount(&doc)
		bound, _ := yamlNodeBound(d)
		if bound < nodes || bound > 4*nodes+4 {
			t.Errorf("%q: bound %.0f for %.0f nodes", d, bound, nodes)
		}
	}
}

// nodeCount counts the nodes of a parse tree (aliases once).
func nodeCount(n *yaml.Node) float64 {
	total := 1.0
	for _, c := range n.Content {
		total += nodeCount(c)
	}
	return total
}

// TestRegexScannerFindsWhatFindAllFinds: the counting search finds the
// matches Go's FindAllStringIndex finds, empty ones and ones that look
// behind included.
func TestRegexScannerFindsWhatFindAllFinds(t *testing.T) {
	t.Parallel()
	patterns := []string{``, `a*`, `(a|)`, `\b\w`, `\B.`, `(?m)^\w+$`, `^a`, `x*$`, `[^a]`, `(?i)É+`, `.*b|a`, `\QA)\E`, `(?s).`, `a(?P<x>b)?`}
	inputs := []string{"", "a", "baaab", "hello big world", "ab\ncd\nef", "héllo ÉÉ", "aaab a A)b", "\n\n"}
	for _, p := range patterns {
		re := regexp.MustCompile(p)
		for _, s := range inputs {
			b := newBudget(defaultLimits)
			x, ok := b.regexScannerFor(p, "test")
			if !ok {
				t.Fatalf("%q: %v", p, b.hit)
			}
			var got [][]int
			if !x.each(b, s, "test", func(start, end int) bool {
				got = append(got, []int{start, end})
				return true
			}) {
				t.Fatalf("%q on %q: %v", p, s, b.hit)
			}
			want := re.FindAllStringIndex(s, -1)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%q on %q: %v, want %v", p, s, got, want)
			}
		}
	}
}
