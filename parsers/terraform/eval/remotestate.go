package eval

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Roots joined by remote state: a root's outputs are what another root's
// data "terraform_remote_state" (outputs) or data "tfe_outputs" (values,
// nonsensitive_values) reads when the backend it names is the one the
// first root keeps its state in. A load evaluates every root once; then,
// when some root reads the state of another root of the tree, it
// evaluates the readers again, each after the roots it reads, with those
// roots' outputs in place of unknowns.

var backendSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "required_version"}},
	Blocks:     []hcl.BlockHeaderSchema{{Type: "backend", LabelNames: []string{"type"}}, {Type: "cloud"}, {Type: "required_providers"}},
}

// addBackend records the backend (or cloud) block of a terraform block,
// and reports a second backend or required_providers block of the module
// as Terraform does ("Duplicate backend configuration", "Duplicate
// required providers configuration", at the later one); an override
// file's replaces the first.
func (m *Module) addBackend(b *hcl.Block, override bool) {
	content, _, _ := b.Body.PartialContent(backendSchema)
	if content == nil {
		return
	}
	if a, ok := content.Attributes["required_version"]; ok {
		if v, diags := staticValue(a.Expr); !diags.HasErrors() && v.IsKnown() && !v.IsNull() && v.Type() == cty.String {
			m.requiredVersions = append(m.requiredVersions, v.AsString())
		}
	}
	for _, blk := range content.Blocks {
		switch blk.Type {
		case "required_providers":
			if m.requiredProviders != nil && !override {
				m.duplicate("Duplicate required providers configuration", fmt.Sprintf("A module may have only one required providers configuration. The required providers were previously configured at %s.", declRange(*m.requiredProviders)), blk.DefRange, *m.requiredProviders)
				continue
			}
			r := blk.DefRange
			m.requiredProviders = &r
		case "backend":
			if m.backend != nil && m.backend.Type == "backend" && !override {
				m.duplicate("Duplicate backend configuration", fmt.Sprintf("A module may have only one backend configuration. The backend was previously configured at %s.", declRange(m.backend.DefRange)), blk.DefRange, m.backend.DefRange)
				continue
			}
			if m.backend == nil || override {
				m.backend = blk
			}
		default:
			if m.backend == nil {
				m.backend = blk
			}
		}
	}
}

// declRange is a range as Terraform's errors name a declaration: its
// file's name, line and columns ("main.tf:5,3-15").
func declRange(r hcl.Range) string {
	if r.Start.Line == r.End.Line {
		return fmt.Sprintf("%s:%d,%d-%d", filepath.Base(r.Filename), r.Start.Line, r.Start.Column, r.End.Column)
	}
	return fmt.Sprintf("%s:%d,%d-%d,%d", filepath.Base(r.Filename), r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
}

// backendOf is the backend a root keeps its state in, as written (the
// local backend when it writes none): a
// backend block's arguments are literals (Terraform reads no variable
// there), so what is not a literal is unknown.
func backendOf(m *Module) *Backend {
	if m == nil {
		return nil
	}
	if m.backend == nil {
		// Without a backend block, Terraform keeps the state in
		// terraform.tfstate beside the configuration.
		return &Backend{Type: "local", Config: cty.EmptyObjectVal}
	}
	typ := "cloud"
	if m.backend.Type == "backend" && len(m.backend.Labels) == 1 {
		typ = m.backend.Labels[0]
	}
	return &Backend{Type: typ, Config: staticBody(toGeneric(m.backend.Body)), Range: m.backend.DefRange}
}

// staticBody is a body's literal value: attributes and nested blocks (the
// first of each type) as an object; what is not a literal is unknown.
func staticBody(g *Body) cty.Value {
	attrs := map[string]cty.Value{}
	for n, a := range g.Attrs {
		v, d := staticValue(a.Expr)
		if d.HasErrors() {
			v = cty.DynamicVal
		}
		attrs[n] = v
	}
	for _, b := range g.Blocks {
		if _, ok := attrs[b.Type]; !ok {
			attrs[b.Type] = staticBody(b.Body)
		}
	}
	return cty.ObjectVal(attrs)
}

// StateAt is the location of the state a backend configuration keeps (or
// a data source reads) in workspace ws, the same for the same state
// whoever writes it; dir is where relative local paths start. Zero, with
// why, when a part that decides it is unknown or the type is not read.
func (h Holes) StateAt(b *Backend, ws, dir string) (loc kept.StateLocation, why string) {
	if b == nil {
		return kept.StateLocation{}, "no backend"
	}
	str := func(name string) (string, bool) {
		v := GetAttr(b.Config, name)
		if v == cty.NilVal || v.IsNull() {
			return "", true
		}
		if !v.IsKnown() || v.Type() != cty.String {
			return "", false
		}
		s, ok := h.ToValue(v).Str()
		return s, ok
	}
	need := func(names ...string) ([]string, string) {
		out := make([]string, len(names))
		for i, n := range names {
			s, ok := str(n)
			if !ok {
				return nil, "its " + n + " is unknown"
			}
			if s == "" {
				return nil, "it sets no " + n
			}
			out[i] = s
		}
		return out, ""
	}
	def := ws == "" || ws == "default"
	switch b.Type {
	case "s3":
		p, why := need("key")
		if why != "" {
			return kept.StateLocation{}, why
		}
		key := p[0]
		prefix, prefixOK := str("workspace_key_prefix")
		if prefix == "" {
			prefix = "env:"
		}
		if !def {
			if !prefixOK {
				return kept.StateLocation{}, "its workspace_key_prefix is unknown"
			}
			key = prefix + "/" + ws + "/" + key
		}
		loc := kept.StateLocation{Kind: "s3", Path: strings.TrimPrefix(key, "/")}
		if def && prefixOK {
			loc.WorkspacePrefix = strings.Trim(prefix, "/")
		}
		// A bucket given only at terraform init (-backend-config), or one
		// read from a value known only at apply, is any bucket.
		if bucket, ok := str("bucket"); ok && bucket != "" {
			loc.Store = bucket
		} else {
			loc.AnyStore = true
		}
		return loc, ""
	case "gcs":
		p, why := need("bucket")
		if why != "" {
			return kept.StateLocation{}, why
		}
		prefix, ok := str("prefix")
		if !ok {
			return kept.StateLocation{}, "its prefix is unknown"
		}
		if def {
			ws = "default"
		}
		return kept.StateLocation{Kind: "gcs", Store: p[0], Path: path.Join(prefix, ws+".tfstate")}, ""
	case "azurerm":
		p, why := need("storage_account_name", "container_name", "key")
		if why != "" {
			return kept.StateLocation{}, why
		}
		key := p[2]
		if !def {
			key += "env:" + ws
		}
		return kept.StateLocation{Kind: "azurerm", Store: p[0] + "/" + p[1], Path: key}, ""
	case "local":
		file, ok := str("path")
		if !ok {
			return kept.StateLocation{}, "its path is unknown"
		}
		if file == "" {
			file = "terraform.tfstate"
		}
		if !def {
			wd, ok := str("workspace_dir")
			if !ok {
				return kept.StateLocation{}, "its workspace_dir is unknown"
			}
			if wd == "" {
				wd = "terraform.tfstate.d"
			}
			file = filepath.Join(wd, ws, "terraform.tfstate")
		}
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		return kept.StateLocation{Kind: "local", Path: filepath.Clean(file)}, ""
	case "remote", "cloud":
		p, why := need("organization")
		if why != "" {
			return kept.StateLocation{}, why
		}
		w := GetAttr(b.Config, "workspaces")
		if w == cty.NilVal || w.IsNull() || !w.IsKnown() || !w.Type().IsObjectType() {
			return kept.StateLocation{}, "it names no workspace"
		}
		wb := &Backend{Type: b.Type, Config: w}
		if name, ok := str2(h, wb, "name"); ok && name != "" {
			return kept.StateLocation{Kind: "tfc", Store: p[0], Path: name}, ""
		}
		if prefix, ok := str2(h, wb, "prefix"); ok && prefix != "" && !def {
			return kept.StateLocation{Kind: "tfc", Store: p[0], Path: prefix + ws}, ""
		}
		return kept.StateLocation{}, "its workspace name is unknown"
	}
	return kept.StateLocation{}, "the " + b.Type + " backend is not read"
}

// str2 is a known string attribute of a backend's configuration.
func str2(h Holes, b *Backend, name string) (string, bool) {
	v := GetAttr(b.Config, name)
	if v == cty.NilVal || v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
		return "", false
	}
	return h.ToValue(v).Str()
}

// remoteStateTypes are the data sources that read a root's outputs, and
// the attributes they read them as.
var remoteStateTypes = map[string][]string{
	"terraform_remote_state": {"outputs"},
	"tfe_outputs":            {"values", "nonsensitive_values"},
}

// remoteState records what a data source reading remote state reads and,
// when the load joined it to a root of the tree, puts that root's outputs
// in its value; joined names the attributes that then hold them.
func (mi *ModInst) remoteState(r *Resource, addrLocal string, v cty.Value) (_ cty.Value, joined []string) {
	e := mi.Evaluator
	var b *Backend
	ws := ""
	switch r.Type {
	case "terraform_remote_state":
		typ, _ := e.Holes.ToValue(GetAttr(v, "backend")).Str()
		cfg := GetAttr(v, "config")
		if cfg == cty.NilVal || cfg.IsNull() {
			cfg = cty.EmptyObjectVal
		}
		if typ != "" && cfg.IsKnown() && (cfg.Type().IsObjectType() || cfg.Type().IsMapType()) {
			b = &Backend{Type: typ, Config: cfg}
		}
		if w := GetAttr(v, "workspace"); w != cty.NilVal && !w.IsNull() {
			wv := e.Holes.ToValue(w)
			var ok bool
			if ref, sole := wv.SoleRef(); sole && ref.Object == "terraform.workspace" {
				// The reader's own workspace: the one the roots of the
				// tree are read in too.
				ws = ""
			} else if ws, ok = wv.Str(); !ok {
				ws = "\x00"
			}
		}
	case "tfe_outputs":
		org, _ := e.Holes.ToValue(GetAttr(v, "organization")).Str()
		name, _ := e.Holes.ToValue(GetAttr(v, "workspace")).Str()
		b = &Backend{Type: "remote", Config: cty.ObjectVal(map[string]cty.Value{
			"organization": cty.StringVal(org),
			"workspaces":   cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal(name)}),
		})}
		if org == "" || name == "" {
			b = nil
		}
	}
	read := kept.RemoteRead{Addr: mi.Addr(addrLocal), Rng: e.Session.Rng(r.DefRange)}
	if outs, ok := mi.Module.remoteOutputsRead(r.Type, r.Name); ok {
		read.Outputs = append([]string{}, outs...)
	}
	switch {
	case b == nil && r.Type == "tfe_outputs":
		org, orgOK := e.Holes.ToValue(GetAttr(v, "organization")).Str()
		name, nameOK := e.Holes.ToValue(GetAttr(v, "workspace")).Str()
		switch {
		case !nameOK || name == "":
			read.Why = "its workspace is unknown"
		case !orgOK || org == "":
			read.Why = fmt.Sprintf("workspace %q, of an organization that is unknown", name)
		}
	case b == nil:
		read.Why = "its backend configuration is unknown"
	case ws == "\x00":
		read.Why = "its workspace is unknown"
	default:
		// A local path is relative to where terraform runs: the root
		// module's directory, whichever module reads it.
		dir := e.rootDir
		if dir == "" {
			dir = mi.Module.Dir
		}
		read.Loc, read.Why = e.Holes.StateAt(b, ws, dir)
	}
	e.remoteReads = append(e.remoteReads, read)
	if e.Session.Joined == nil {
		return v, nil
	}
	if out, inferred, ok := e.Session.Joined(e.rootDir, read.Addr); ok {
		if r.Type == "terraform_remote_state" {
			out = withDefaults(out, GetAttr(v, "defaults"))
		}
		for _, attr := range remoteStateTypes[r.Type] {
			v = setAttr(v, attr, out)
		}
		if inferred != "" {
			mi.restOn(r.key(), inferred) // and so does everything reading it
		}
		if out != cty.NilVal && out.IsKnown() && !out.IsNull() && out.Type().IsObjectType() {
			joined = remoteStateTypes[r.Type]
		}
	}
	return v, joined
}

// Backend is where a root keeps its state: a backend block, a Terragrunt
// remote_state, or the backend a terraform_remote_state data source reads.
type Backend struct {
	// Type is the backend type ("s3", "local", "remote", "cloud", "gcs",
	// "azurerm", …).
	Type string
	// Config is the backend configuration object; parts that cannot be
	// known are unknown.
	Config cty.Value
	// Range is where it is written.
	Range hcl.Range
}

// withDefaults is a terraform_remote_state's outputs with its defaults
// argument under them: a default stands for an output the state does not
// hold (one whose value was null is not stored), as the data source
// gives it.
func withDefaults(out, defaults cty.Value) cty.Value {
	if defaults == cty.NilVal || !defaults.IsKnown() || defaults.IsNull() || !(defaults.Type().IsObjectType() || defaults.Type().IsMapType()) {
		return out
	}
	if out == cty.NilVal || !out.IsKnown() || out.IsNull() || !out.Type().IsObjectType() || out.IsMarked() || defaults.IsMarked() {
		return out
	}
	merged := out.AsValueMap()
	if merged == nil {
		merged = map[string]cty.Value{}
	}
	for name, d := range defaults.AsValueMap() {
		if _, ok := merged[name]; !ok {
			merged[name] = d
		}
	}
	return cty.ObjectVal(merged)
}
