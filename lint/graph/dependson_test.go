package graph

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/mermaidcheck"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
)

// TestDependsOnEdges: an entity's DependsOn are edges to each target
// that is a node, once; an address that is no node and the entity itself
// draw none. The edges join neighbourhoods like any relation, but never
// stand for the link a finding breaks.
func TestDependsOnEdges(t *testing.T) {
	const tf = "infra/main.tf"
	a := &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.a", "aws_iam_role.a", "a", tf, 1)}
	b := &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.b", "aws_iam_role.b", "b", tf, 10)}
	c := &lint.SecurityGroup{Object: obj(lint.KindSecurityGroup, "infra:aws_security_group.c", "aws_security_group.c", "c", tf, 20)}
	far := &lint.SecurityGroup{Object: obj(lint.KindSecurityGroup, "infra:aws_security_group.far", "aws_security_group.far", "far", tf, 30)}
	a.DependsOn = []string{b.Addr, b.Addr, "infra:aws_iam_role_policy_attachment.p", a.Addr, c.Addr}
	far.DependsOn = []string{"infra:aws_security_group.nothing"}
	m := &lint.Model{}
	m.Add(a, b, c, far)
	m.Sort()
	g := Build(m)
	want := "aws_iam_role.a -depends on-> aws_iam_role.b|aws_iam_role.a -depends on-> aws_security_group.c"
	if got := strings.Join(edges(g), "|"); got != want {
		t.Errorf("edges %s, want %s", got, want)
	}
	sub := g.Around(g.Find("aws_security_group.c"), 2)
	if got := strings.Join(labels(sub), "|"); got != "aws_iam_role.a|aws_iam_role.b|aws_security_group.c*" {
		t.Errorf("two hops of c: %s", got)
	}
	f := lint.Finding{Name: "some-rule", Range: at(tf, 2), Related: []lint.Location{{Range: at(tf, 11)}}}
	p := g.Picture(f)
	if p == nil || len(p.Edges) != 2 || p.Edges[0].Label != DependsOn || !p.Edges[1].Broken {
		t.Errorf("picture %+v: want the depends-on edge and the broken link", p)
	}
}

// hostileKey is a for_each key written to break out of every format.
const hostileKey = "x\"]; n1 --> n2; click n1 \"javascript:alert(1)\" %%{init}%% `x` #quot; </script><img src=x onerror=alert(1)> {a|b}"

// TestDependsOnFromTerraform draws depends_on as the Terraform parser
// resolves it: a node group to every instance of a role with hostile
// for_each keys, and a module call's contents to their targets; the
// drawings stay well-formed.
func TestDependsOnFromTerraform(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"main.tf": `
resource "aws_iam_role" "r" {
  for_each = toset([` + hclQuote(hostileKey) + `, "plain"])
  name     = "r"
}
resource "aws_eks_node_group" "g" {
  cluster_name    = "c"
  node_group_name = "g"
  node_role_arn   = "arn:aws:iam::111:role/elsewhere"
  depends_on      = [aws_iam_role.r]
}
module "m" {
  source     = "./m"
  depends_on = [aws_eks_node_group.g]
}
`,
		"m/main.tf": `
resource "aws_security_group" "s" {
  name = "s"
}
`,
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := terraform.Load([]string{dir}, terraform.Options{Root: dir, Rel: func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }})
	m := &lint.Model{}
	m.Add(res.Entities...)
	m.Sort()
	g := Build(m)
	var deps []string
	for _, e := range g.Edges {
		if e.Label == DependsOn {
			deps = append(deps, g.Nodes[e.From].Label+" -> "+g.Nodes[e.To].Label)
		}
	}
	want := []string{
		`aws_eks_node_group.g -> aws_iam_role.r["plain"]`,
		`aws_eks_node_group.g -> aws_iam_role.r[` + strconv.Quote(hostileKey) + `]`,
		`module.m.aws_security_group.s -> aws_eks_node_group.g`,
	}
	if strings.Join(deps, "\n") != strings.Join(want, "\n") {
		t.Errorf("depends-on edges:\n%s\nwant:\n%s", strings.Join(deps, "\n"), strings.Join(want, "\n"))
	}
	var mmd, dot, page strings.Builder
	if err := WriteMermaid(&mmd, g); err != nil {
		t.Fatal(err)
	}
	if err := WriteDOT(&dot, g); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&page, g, "t"); err != nil {
		t.Fatal(err)
	}
	edge := regexp.MustCompile(`^  n\d+ -->\|"depends on"\| n\d+$`)
	if n := countMatching(mmd.String(), edge); n != 3 {
		t.Errorf("%d Mermaid depends-on edges, want 3:\n%s", n, mmd.String())
	}
	if strings.Contains(page.String(), "<img") || strings.Count(strings.ToLower(page.String()), "<script") != 2 {
		t.Error("the hostile key reached the page's markup")
	}
	if strings.Count(dot.String(), `[label="depends on"]`) != 3 {
		t.Errorf("DOT depends-on edges:\n%s", dot.String())
	}
	res2, err := mermaidcheck.Parse(filepath.Join("..", "..", "scripts", "mermaid-check"), []string{mmd.String()})
	if errors.Is(err, mermaidcheck.ErrNoNode) {
		t.Skip("node not found on PATH: the Mermaid graph is not parsed")
	}
	if err != nil {
		t.Fatal(err)
	}
	if !res2[0].OK || res2[0].Type != "flowchart-v2" {
		t.Errorf("the graph does not parse as a flowchart: %+v\n%s", res2[0], mmd.String())
	}
}

// hclQuote writes s as an HCL string literal, as Terraform quotes an
// instance key.
func hclQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "%{", "%%{", "${", "$${")
	return `"` + r.Replace(s) + `"`
}

func countMatching(s string, re *regexp.Regexp) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		if re.MatchString(l) {
			n++
		}
	}
	return n
}
