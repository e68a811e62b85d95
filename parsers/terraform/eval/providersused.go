package eval

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Terraform evaluates a provider block only when something uses its
// configuration: it prunes the configurations no resource, data source,
// ephemeral resource or import uses, in the module or in a module the
// configuration is passed to (checked with Terraform 1.11: a reference
// to an undeclared module in an aliased provider block that is only
// passed to a module whose resources use the default configuration
// passes terraform validate; once a resource there uses it, validate
// refuses it). So the references of a provider block are reported only
// when its configuration is used.

// ProviderUses are the provider configurations a module's code uses
// (kept.ProviderUses).
type ProviderUses = kept.ProviderUses

// ProviderCall is a module call as provider configurations go through it
// (kept.ProviderCall).
type ProviderCall = kept.ProviderCall

// inheritedDefaults stands, in a set of used configurations, for every
// default configuration: a call whose code is not read may use any it
// inherits.
const inheritedDefaults = "*"

// providerConfigOf is the configuration a provider block is: its name,
// and ".alias" when it has a literal alias.
func providerConfigOf(b *hclsyntax.Block) string {
	name := ""
	if len(b.Labels) > 0 {
		name = b.Labels[0]
	}
	if a, ok := b.Body.Attributes["alias"]; ok {
		if v, d := a.Expr.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
			return name + "." + v.AsString()
		}
		return name + ".?" // an alias not known: used or not, it is not told
	}
	return name
}

// providerUses reads which configurations the module's code uses.
func (m *Module) providerUses() ProviderUses {
	var u ProviderUses
	own := map[string]bool{}
	use := func(body *hclsyntax.Body, typ string) {
		if a, ok := body.Attributes["provider"]; ok {
			if s := TraversalString(a.Expr); s != "" {
				own[s] = true
			} else {
				u.All = true
			}
			return
		}
		own[impliedProvider(typ)] = true
	}
	if slices.ContainsFunc(m.files, func(f string) bool { return strings.HasSuffix(f, ".json") }) {
		u.All = true // blocks of JSON files are not read here
	}
	configures := map[string]bool{}
	for _, fb := range m.bodies {
		for _, b := range fb.body.Blocks {
			switch b.Type {
			case "provider":
				if c := providerConfigOf(b); c != "" && !strings.Contains(c, ".") {
					configures[c] = true
				}
			case "resource", "data", "ephemeral":
				if len(b.Labels) > 0 {
					use(b.Body, b.Labels[0])
				}
			case "check":
				for _, d := range b.Body.Blocks {
					if d.Type == "data" && len(d.Labels) > 0 {
						use(d.Body, d.Labels[0])
					}
				}
			case "import":
				m.importUse(b.Body, own, &u)
			}
		}
	}
	for o := range own {
		u.Own = append(u.Own, o)
	}
	slices.Sort(u.Own)
	for c := range configures {
		u.Configures = append(u.Configures, c)
	}
	slices.Sort(u.Configures)
	for _, c := range m.calls {
		pc := ProviderCall{}
		if modsource.IsLocal(c.Source) {
			pc.Dir = filepath.Clean(filepath.Join(m.Dir, c.Source))
		} else {
			pc.Models = modelDirsOf(c)
		}
		if c.providers != nil {
			pairs, d := hcl.ExprMap(c.providers)
			pc.Unread = d.HasErrors()
			pc.Passes = map[string]string{}
			for _, p := range pairs {
				k, v := TraversalString(p.Key), TraversalString(p.Value)
				if k == "" || v == "" {
					pc.Unread = true
					continue
				}
				pc.Passes[k] = v
			}
		}
		u.Calls = append(u.Calls, pc)
	}
	return u
}

// importUse records the configuration an import block uses: its provider
// argument's, else that of the type it imports into when the resource
// is the module's own (one of a module call's is the call's to use).
func (m *Module) importUse(body *hclsyntax.Body, own map[string]bool, u *ProviderUses) {
	if a, ok := body.Attributes["provider"]; ok {
		if s := TraversalString(a.Expr); s != "" {
			own[s] = true
		} else {
			u.All = true
		}
		return
	}
	a, ok := body.Attributes["to"]
	if !ok {
		return
	}
	t, d := hcl.AbsTraversalForExpr(a.Expr)
	if d.HasErrors() || len(t) == 0 {
		u.All = true
		return
	}
	if t.RootName() != "module" {
		own[impliedProvider(t.RootName())] = true
	}
}

// impliedProvider is the provider a resource type belongs to when no
// provider argument names one: the type's name up to its first
// underscore ("aws_iam_role" → "aws").
func impliedProvider(typ string) string {
	name, _, _ := strings.Cut(typ, "_")
	return name
}

// Use says whether a module's code uses a provider configuration.
type Use int

// The answers of ProviderUsed.
const (
	// NotUsed: no code the configuration reaches uses it; Terraform
	// prunes it and never evaluates its block.
	NotUsed Use = iota
	// MaybeUsed: only code faultline does not read may use it (a remote
	// module, one missing or not whole, a JSON file, a providers argument
	// or alias not read).
	MaybeUsed
	// Used: a resource, data source, ephemeral resource or import uses it.
	Used
)

// ProviderUsed says whether the configuration config of the module info
// summarises is used: by its own blocks, or by a module it passes the
// configuration to (a default configuration is inherited when the call
// does not say otherwise). A call whose code is not read (remote,
// missing, not whole) may use whatever it is given.
func ProviderUsed(info *modInfo, config string, child func(dir string) *modInfo) Use {
	if strings.HasSuffix(config, ".?") {
		return MaybeUsed
	}
	u := usedConfigs(info, child, map[string]bool{})
	inherited := !strings.Contains(config, ".")
	switch {
	case u.certain[config]:
		return Used
	case u.any || u.maybe[config] || inherited && u.maybe[inheritedDefaults]:
		return MaybeUsed
	}
	return NotUsed
}

// configUses are the configurations a module's code uses, in its own
// names: certainly, or maybe (through code not read); any: every one may
// be.
type configUses struct {
	certain, maybe map[string]bool
	any            bool
}

// usedConfigs are the configurations info's code uses. seen are the
// directories on the way (a cycle counts as code not read).
func usedConfigs(info *modInfo, child func(dir string) *modInfo, seen map[string]bool) configUses {
	u := info.Providers
	if u.All {
		return configUses{any: true}
	}
	out := configUses{certain: map[string]bool{}, maybe: map[string]bool{}}
	for _, o := range u.Own {
		out.certain[o] = true
	}
	for _, c := range u.Calls {
		if c.Unread {
			return configUses{any: true}
		}
		var ci *modInfo
		if c.Dir != "" && !seen[c.Dir] {
			ci = child(c.Dir)
		}
		var inner configUses
		var configures []string
		if ci == nil || !ci.Exists || !ci.Whole {
			// Code not read, but for what the stand-ins of a modelled
			// registry module show it certainly uses.
			inner = configUses{certain: standInUses(c.Models), any: true}
		} else {
			seen[c.Dir] = true
			inner = usedConfigs(ci, child, seen)
			delete(seen, c.Dir)
			configures = ci.Providers.Configures
		}
		pass := func(from, to map[string]bool) {
			for k := range from {
				switch v, passed := c.Passes[k]; {
				case passed:
					to[v] = true
				case slices.Contains(configures, k):
					// The child configures it itself: its own block, not
					// the caller's, is the one used.
				case k == inheritedDefaults || !strings.Contains(k, "."):
					to[k] = true // a default configuration, inherited
				}
			}
		}
		pass(inner.certain, out.certain)
		if inner.any {
			for _, v := range c.Passes {
				out.maybe[v] = true
			}
			out.maybe[inheritedDefaults] = true
			continue
		}
		pass(inner.maybe, out.maybe)
	}
	return out
}

// modelDirsOf are the embedded stand-ins of every version a registry
// call's constraint allows (ProviderCall.Models); nil when faultline
// models none.
func modelDirsOf(c *Call) []string {
	key, ref, ok := modsource.ModelKey(c.Source)
	if !ok {
		return nil
	}
	ix := modelSet{}.idx()
	if _, known := ix[key]; !known {
		return nil
	}
	written := c.Version
	if modsource.VersionRefused(c.Source) != "" {
		written = ""
	}
	allowed, constraint, ok := modsource.CallVersions(written, ref)
	if !ok {
		return nil
	}
	dir, alts, _, why := ix.ChooseModel(key, allowed, constraint, false)
	if why != "" {
		return nil
	}
	out := []string{dir.Dir}
	for _, a := range alts {
		out = append(out, a.Dir)
	}
	return out
}

// standInUses are the provider configurations (in the module's own
// names) the resources of every stand-in of dirs use: what the real
// module uses at each version its constraint allows. Nested calls are
// not followed.
func standInUses(dirs []string) map[string]bool {
	var out map[string]bool
	for _, dir := range dirs {
		m := modelSet{}.module(dir)
		if m == nil {
			return nil
		}
		own := map[string]bool{}
		for _, o := range m.providerUses().Own {
			own[o] = true
		}
		if out == nil {
			out = own
			continue
		}
		for k := range out {
			if !own[k] {
				delete(out, k)
			}
		}
	}
	return out
}

// UsedProviderRefs are the undeclared references of info's provider
// blocks whose configurations are used, in the order of their places.
func UsedProviderRefs(info *modInfo, child func(dir string) *modInfo) hcl.Diagnostics {
	return usedRefs(info, info.ProviderRefs, child, Used)
}

// UsedLooseProviderRefs are the loose references of info's provider
// blocks (modInfo.LooseProviderRefs) whose configurations are used.
func UsedLooseProviderRefs(info *modInfo, child func(dir string) *modInfo) hcl.Diagnostics {
	return usedRefs(info, info.LooseProviderRefs, child, Used)
}

// MaybeUsedProviderRefs are the undeclared references of info's provider
// blocks whose configurations only code faultline does not read may use:
// Terraform reports them only if it does.
func MaybeUsedProviderRefs(info *modInfo, child func(dir string) *modInfo) hcl.Diagnostics {
	return usedRefs(info, info.ProviderRefs, child, MaybeUsed)
}

// MaybeUsedLooseProviderRefs are the loose references of info's provider
// blocks whose configurations only code not read may use.
func MaybeUsedLooseProviderRefs(info *modInfo, child func(dir string) *modInfo) hcl.Diagnostics {
	return usedRefs(info, info.LooseProviderRefs, child, MaybeUsed)
}

// usedRefs are the references of refs (by configuration) whose
// configurations info's code uses as use says, in the order of their
// places.
func usedRefs(info *modInfo, refs map[string]hcl.Diagnostics, child func(dir string) *modInfo, use Use) hcl.Diagnostics {
	var out hcl.Diagnostics
	for config, ds := range refs {
		if ProviderUsed(info, config, child) == use {
			out = append(out, ds...)
		}
	}
	return sortedDiags(out)
}
