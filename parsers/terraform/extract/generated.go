package extract

import (
	"fmt"
	"path/filepath"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// templateFileAttr returns the template attribute of the data
// "template_file" whose `rendered` expr is (data.template_file.NAME.rendered,
// with or without an instance key), so positions in what it renders map to
// where the template is written; nil for any other expression.
func (x *extraction) templateFileAttr(expr hcl.Expression) *hcl.Attribute {
	st, ok := expr.(*hclsyntax.ScopeTraversalExpr)
	if !ok || st.Traversal.RootName() != "data" {
		return nil
	}
	t := st.Traversal
	typ, ok1 := eval.AttrName(t, 1)
	name, ok2 := eval.AttrName(t, 2)
	last, ok3 := t[len(t)-1].(hcl.TraverseAttr)
	if !ok1 || !ok2 || !ok3 || typ != "template_file" || last.Name != "rendered" || len(t) > 5 {
		return nil
	}
	if len(t) == 5 {
		if _, isKey := t[3].(hcl.TraverseIndex); !isKey {
			return nil
		}
	}
	for _, r := range x.mi.Module.Resources {
		if r.Data && r.Type == "template_file" && r.Name == name {
			return r.Body.Attrs["template"]
		}
	}
	return nil
}

// generatedFile records a local_file (or local_sensitive_file) that
// writes a file of the tree the tree lacks (kept.Written): Terraform
// writes it at apply time, so whatever reads it before apply (a
// kustomization) reads nothing, and is told why. A YAML file's
// Kubernetes manifests are read (manifestsWritten); when the content is
// a rendered template (templatefile(), data "template_file") that holds
// none, a note says the generated file is not read.
// A file that exists in the tree is read as it stands and gets no note;
// one written outside the tree is nothing the tree reads.
func (x *extraction) generatedFile(local string) {
	at := x.e.Session.Rng(x.r.DefRange)
	p, known := x.writtenPath()
	if known && (x.e.Tree().IsFile(p) || !x.e.Tree().Contains(p)) {
		return // in the tree as it stands, or where nothing in the tree reads
	}
	if known {
		x.e.Written = append(x.e.Written, kept.Written{Path: p, By: fmt.Sprintf("%s (%s:%d)", x.mi.Label(local), at.File, at.Line)})
	}
	c := x.attr(nil, "content")
	if c == nil {
		return
	}
	if !x.rendersTemplate(x.mi.LocalExpr(c.Expr)) {
		// Content written inline (a heredoc, yamlencode of an object):
		// the manifests it writes are read; anything else is data.
		if ext := filepath.Ext(p); known && (ext == ".yaml" || ext == ".yml") {
			x.manifestsWritten(local, c, p)
		}
		return
	}
	if !known {
		x.e.Notes = append(x.e.Notes, lint.Note{Kind: lint.Skipped, What: x.mi.Label(local) + ": writes a rendered template at apply time to a file whose name is not known; the generated file is not read", Range: at})
		return
	}
	if ext := filepath.Ext(p); (ext == ".yaml" || ext == ".yml") && x.manifestsWritten(local, c, p) {
		return
	}
	x.e.Notes = append(x.e.Notes, lint.Note{Kind: lint.Skipped, What: x.mi.Label(local) + ": writes " + x.e.Session.Rel(p) + " from a rendered template at apply time; the generated file is not in the tree and is not read", Range: at})
}

// writtenPath is the file the local_file writes (absolute, cleaned), and
// whether its name is known.
func (x *extraction) writtenPath() (string, bool) {
	name := eval.GetAttr(x.v, "filename")
	if name == cty.NilVal || !name.IsKnown() || name.IsNull() || name.Type() != cty.String || lint.HasSentinel(name.AsString()) {
		return "", false
	}
	p := name.AsString()
	if !filepath.IsAbs(p) {
		p = filepath.Join(x.e.Root.Dir, p)
	}
	return filepath.Clean(p), true
}

// manifestsWritten reads the Kubernetes manifests a local_file renders
// into a YAML file at apply time (a node class templated with the
// cluster's names, applied by kubectl in a provisioner) as objects the
// tree declares, inferred: that something applies the file is taken, not
// seen. It reports false when the content is not known or holds no
// Kubernetes object (a values file, a kubeconfig), leaving the note.
func (x *extraction) manifestsWritten(local string, c *hcl.Attribute, file string) bool {
	v := eval.GetAttr(x.v, "content")
	if v == cty.NilVal || !v.IsKnown() || v.IsNull() || v.Type() != cty.String || !eval.HoldsObjects([]byte(v.AsString())) {
		return false
	}
	content := []byte(v.AsString())
	whole := x.e.Session.Rng(c.Range)
	expr := x.mi.LocalExpr(c.Expr)
	if f := x.mi.TemplatePathIn(expr, x.extra, "templatefile"); f != "" {
		x.e.Templates = append(x.e.Templates, f) // read as rendered only
	}
	em := kept.Embedded{Addr: x.mi.Addr(local), Root: x.mi.Evaluator.RootRel, File: whole.File, Content: content,
		Inferred: []string{x.mi.Label(local) + " writes " + x.e.Session.Rel(file) + " at apply time; the objects in it are taken to be applied to the cluster"}}
	em.SetMap(x.positionMap(expr, whole, content))
	x.e.Embedded = append(x.e.Embedded, em)
	return true
}

// rendersTemplate reports whether expr is a templatefile() call or a data
// "template_file" rendering.
func (x *extraction) rendersTemplate(expr hcl.Expression) bool {
	if fc, ok := expr.(*hclsyntax.FunctionCallExpr); ok && fc.Name == "templatefile" {
		return true
	}
	st, ok := expr.(*hclsyntax.ScopeTraversalExpr)
	if !ok {
		return false
	}
	typ, _ := eval.AttrName(st.Traversal, 1)
	return st.Traversal.RootName() == "data" && typ == "template_file"
}
