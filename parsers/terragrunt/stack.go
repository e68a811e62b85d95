package terragrunt

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// readStack reads a terragrunt.stack.hcl: each unit block whose source is
// a directory of the tree is a unit generated into
// .terragrunt-stack/<path> (or <path> with no_dot_terragrunt_stack), read
// from the source's terragrunt.hcl with the block's values. The notes are
// the stack's own.
func (l *loader) readStack(path string) ([]plannedUnit, []lint.Note) {
	body, err := l.parse(path)
	if err != nil {
		if !errors.Is(err, errUnreadable) {
			return nil, []lint.Note{{Kind: lint.Skipped, What: "terragrunt stack: " + err.Error() + "; not read"}}
		}
		return nil, nil
	}
	dir := filepath.Dir(path)
	u := l.newUnitEval(dir, dir, cty.NilVal)
	u.stack = true
	u.addFile(path, body)
	f := &fileCfg{path: path, body: body, sc: &scope{config: path, original: dir, base: dir}}
	u.evalLocals(f)
	var out []plannedUnit
	names, paths := map[string]bool{}, map[string]*hclsyntax.Block{}
	for _, b := range body.Blocks {
		switch b.Type {
		case "unit":
			// A second unit of a name is a diagnostic of the file (parse).
			if names[label(b)] && !expands(b) {
				continue
			}
			names[label(b)] = true
			p, ok := u.stackUnit(f, b)
			if !ok {
				continue
			}
			if first := paths[p.path]; first != nil {
				l.diagnoseOnce(lint.Diagnostic{Range: l.rng(b.DefRange()), Summary: "Duplicate unit path", Detail: fmt.Sprintf("unit %q has path %q, as unit %q (line %d) does; Terragrunt refuses a stack with two units of the same path (only the first is read)", label(b), p.path, label(first), first.DefRange().Start.Line)})
				continue
			}
			paths[p.path] = b
			out = append(out, p)
		case "stack":
			u.addNote(l.note(lint.Skipped, b.DefRange(), "terragrunt: nested stack %q is not read; its units are not checked", label(b)))
		}
	}
	u.detach()
	return out, u.notes
}

// stackUnit reads one unit block of a stack.
func (u *unitEval) stackUnit(f *fileCfg, b *hclsyntax.Block) (plannedUnit, bool) {
	ctx := u.ctx(f, nil)
	name := label(b)
	sa, sok := b.Body.Attributes["source"]
	pa, pok := b.Body.Attributes["path"]
	if !sok || !pok {
		u.addNote(u.l.note(lint.Skipped, b.DefRange(), "terragrunt: stack unit %q has no source or path; not read", name))
		return plannedUnit{}, false
	}
	src, sknown := u.evalString(sa.Expr, ctx)
	rel, pknown := u.evalString(pa.Expr, ctx)
	if !sknown || !pknown {
		u.addNote(u.l.note(lint.Unresolved, b.DefRange(), "terragrunt: the source or path of stack unit %q is unknown; not read", name))
		return plannedUnit{}, false
	}
	if isRemote(src) {
		u.addNote(u.l.note(lint.Skipped, sa.Expr.Range(), "terragrunt: stack unit %q: the remote source %s is not fetched; the unit is not checked", name, src))
		return plannedUnit{}, false
	}
	srcDir := src
	if !filepath.IsAbs(srcDir) {
		srcDir = filepath.Join(u.dir, srcDir)
	}
	config := filepath.Join(filepath.Clean(srcDir), unitFile)
	if !u.l.opts.Tree.IsFile(config) {
		u.addNote(u.l.note(lint.Skipped, sa.Expr.Range(), "terragrunt: stack unit %q: %s is not in the scanned tree; the unit is not checked", name, u.l.rel(config)))
		return plannedUnit{}, false
	}
	gen := filepath.Join(u.dir, stackDir, rel)
	if a, ok := b.Body.Attributes["no_dot_terragrunt_stack"]; ok {
		if v := u.eval(a.Expr, ctx); v.IsKnown() && v.Type() == cty.Bool && v.True() {
			gen = filepath.Join(u.dir, rel)
		}
	}
	values := cty.EmptyObjectVal
	if a, ok := b.Body.Attributes["values"]; ok {
		values = u.eval(a.Expr, ctx)
	}
	return plannedUnit{config: config, dir: filepath.Clean(gen), values: values, path: strings.TrimSpace(rel)}, true
}

func label(b *hclsyntax.Block) string {
	if len(b.Labels) > 0 {
		return b.Labels[0]
	}
	return ""
}
