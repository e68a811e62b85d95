//go:build devtools

// Command eksgen reads the interface of a terraform-aws-eks submodule at a tag.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// gitDir is a bare clone of terraform-aws-modules/terraform-aws-eks
// (EKS_GIT; default: the fetch mirror).
var gitDir = envOr("EKS_GIT", "/work/.mirror/terraform-aws-modules+terraform-aws-eks/repo")

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func show(tag, path string) []byte {
	out, err := exec.Command("git", "--git-dir", gitDir, "show", tag+":"+path).Output()
	if err != nil {
		return nil
	}
	return out
}

func files(tag, dir string) []string {
	out, _ := exec.Command("git", "--git-dir", gitDir, "ls-tree", "--name-only", tag+":"+dir).Output()
	var fs []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasSuffix(l, ".tf") {
			fs = append(fs, dir+"/"+l)
		}
	}
	return fs
}

var ws = regexp.MustCompile(`\s+`)

func text(src []byte, r hcl.Range) string { return string(r.SliceBytes(src)) }
func norm(s string) string                { return ws.ReplaceAllString(strings.TrimSpace(s), " ") }

var lineComment = regexp.MustCompile(`^([^"#]*(?:"[^"]*"[^"#]*)*)\s*(?:#|//).*$`)

// noComments drops the end-of-line comments of an expression's text.
func noComments(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(lineComment.ReplaceAllString(l, "$1"), " \t")
	}
	return strings.Join(lines, "\n")
}

type variable struct {
	name, typ, def, nullable string
	hasDef                   bool
	defLines                 int
}

func parse(tag, dir string) (vars []variable, outputs map[string]string, resources []string) {
	outputs = map[string]string{}
	for _, f := range files(tag, dir) {
		src := show(tag, f)
		file, diags := hclsyntax.ParseConfig(src, f, hcl.InitialPos)
		if diags.HasErrors() {
			fmt.Fprintln(os.Stderr, diags)
			continue
		}
		body := file.Body.(*hclsyntax.Body)
		for _, b := range body.Blocks {
			switch b.Type {
			case "variable":
				v := variable{name: b.Labels[0]}
				if a, ok := b.Body.Attributes["type"]; ok {
					v.typ = noComments(text(src, a.Expr.Range()))
				}
				if a, ok := b.Body.Attributes["default"]; ok {
					v.hasDef = true
					v.def = noComments(text(src, a.Expr.Range()))
					v.defLines = a.Expr.Range().End.Line - a.Expr.Range().Start.Line + 1
				}
				if a, ok := b.Body.Attributes["nullable"]; ok {
					v.nullable = text(src, a.Expr.Range())
				}
				vars = append(vars, v)
			case "output":
				val := ""
				if a, ok := b.Body.Attributes["value"]; ok {
					val = norm(text(src, a.Expr.Range()))
				}
				outputs[b.Labels[0]] = val
			case "resource", "data":
				k := ""
				if _, ok := b.Body.Attributes["count"]; ok {
					k = "[count]"
				}
				if _, ok := b.Body.Attributes["for_each"]; ok {
					k = "[for_each]"
				}
				p := ""
				if b.Type == "data" {
					p = "data."
				}
				resources = append(resources, p+b.Labels[0]+"."+b.Labels[1]+k)
			case "module":
				resources = append(resources, "module."+b.Labels[0])
			}
		}
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].name < vars[j].name })
	sort.Strings(resources)
	return
}

func main() {
	switch os.Args[1] {
	case "outfilter":
		d := "modules/" + os.Args[4]
		if os.Args[4] == "_root" {
			d = "."
		}
		outFilter(os.Args[2], os.Args[3], d)
		return
	case "checkvars":
		checkVars(os.Args[2])
		return
	}
	cmd, tag, sub := os.Args[1], os.Args[2], os.Args[3]
	dir := "modules/" + sub
	if sub == "_root" {
		dir = "."
	}
	vars, outs, res := parse(tag, dir)
	switch cmd {
	case "sig": // variable names + types
		for _, v := range vars {
			fmt.Printf("var %s type=%s\n", v.name, norm(v.typ))
		}
	case "defs":
		for _, v := range vars {
			fmt.Printf("var %s default=%s nullable=%s\n", v.name, norm(v.def), v.nullable)
		}
	case "outs":
		for k, v := range outs {
			fmt.Printf("out %s = %s\n", k, v)
		}
	case "res":
		for _, r := range res {
			fmt.Println(r)
		}
	case "vars":
		emit(vars)
	}
}

// emit writes the variable declarations of a stand-in: names, types,
// nullable and defaults, no descriptions.
func emit(vars []variable) {
	for i, v := range vars {
		if i > 0 {
			fmt.Println()
		}
		fmt.Printf("variable %q {\n", v.name)
		if v.typ != "" {
			fmt.Printf("  type = %s\n", v.typ)
		}
		if v.hasDef {
			fmt.Printf("  default = %s\n", v.def)
		}
		if v.nullable != "" {
			fmt.Printf("  nullable = %s\n", v.nullable)
		}
		fmt.Println("}")
	}
}

// outFilter prints the output blocks of a local template whose names the
// upstream module has at tag, and reports upstream outputs it lacks.
func outFilter(file, tag, dir string) {
	_, outs, _ := parse(tag, dir)
	src, err := os.ReadFile(file)
	if err != nil {
		panic(err)
	}
	f, diags := hclsyntax.ParseConfig(src, file, hcl.InitialPos)
	if diags.HasErrors() {
		panic(diags.Error())
	}
	have := map[string]bool{}
	var parts []string
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		if b.Type != "output" {
			continue
		}
		have[b.Labels[0]] = true
		if _, ok := outs[b.Labels[0]]; ok {
			parts = append(parts, string(b.Range().SliceBytes(src)))
		}
	}
	fmt.Println(strings.Join(parts, "\n\n"))
	bad := false
	for k := range outs {
		if !have[k] {
			fmt.Fprintln(os.Stderr, "MISSING output", k, "at", tag)
			bad = true
		}
	}
	if bad {
		os.Exit(1)
	}
}

var varRef = regexp.MustCompile(`\bvar\.([a-zA-Z0-9_]+)`)
var varDecl = regexp.MustCompile(`(?m)^variable "([^"]+)"`)

// checkVars reports var.X references of a local directory it does not declare.
func checkVars(dir string) {
	ents, _ := os.ReadDir(dir)
	decl := map[string]bool{}
	var all string
	for _, e := range ents {
		b, _ := os.ReadFile(dir + "/" + e.Name())
		for _, m := range varDecl.FindAllStringSubmatch(string(b), -1) {
			decl[m[1]] = true
		}
		all += string(b)
	}
	bad := false
	for _, m := range varRef.FindAllStringSubmatch(all, -1) {
		if !decl[m[1]] {
			fmt.Fprintln(os.Stderr, dir, "UNDECLARED var", m[1])
			bad = true
		}
	}
	if bad {
		os.Exit(1)
	}
}
