package engine

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/plan"
	"github.com/faultline-dev/faultline/parsers/terraform"
)

// The base revision (--base): the tree at the base revision is loaded
// like the scanned one, with its paths reported as the scanned tree's,
// and every entity there is looked for in the scanned model by a stable
// key:
//
//   - Kubernetes and Crossplane objects by API group, kind, namespace and
//     metadata.name (not by file: a renamed or moved file changes nothing);
//   - Helm releases found outside Terraform by tool, namespace and name;
//   - Terraform entities by root module and address, following the
//     `moved` blocks of the scanned root modules and of the local modules
//     they call.
//
// An object kept under the same key in several places (the same manifest
// in one directory per cluster) is paired by file first, so removing it
// from one cluster's directory is still a deletion.
//
// An entity with no counterpart is deleted (forgotten when a `removed`
// block with destroy = false names it); one whose identity name changed
// (IAM role, instance profile, security group and node group names, a
// Crossplane resource's external name) is replaced. Base entities never
// join the model's lists, only its Changes.

// addBase loads the base tree and adds its deletions and replacements.
func addBase(model *lint.Model, opts Options, l *Loaded, in *lint.Input) error {
	baseDir, err := filepath.Abs(opts.BaseDir)
	if err != nil {
		return fmt.Errorf("base revision: %w", err)
	}
	if st, err := os.Stat(baseDir); err != nil || !st.IsDir() {
		return fmt.Errorf("base revision: %s is not a directory", opts.BaseDir)
	}
	baseRoot := opts.BaseRoot
	if baseRoot == "" {
		baseRoot = l.Root
	}
	baseRoot, _ = filepath.Abs(baseRoot)
	realRoot := evalOr(baseRoot)
	toBase := func(p string) (string, bool) {
		r, err := filepath.Rel(realRoot, evalOr(p))
		if err != nil || !filepath.IsLocal(r) {
			return "", false
		}
		return filepath.Join(baseDir, r), true
	}

	type pair struct{ head, base string }
	var pairs []pair
	var basePaths []string
	for _, d := range l.Roots {
		b, ok := toBase(d)
		if !ok {
			in.Notes = append(in.Notes, lint.Note{Kind: lint.Skipped, What: "not compared with the base revision: outside " + l.rel(baseRoot), Range: lint.Range{File: l.rel(d)}})
			continue
		}
		pairs = append(pairs, pair{d, b})
		if st, err := os.Stat(b); err == nil && st.IsDir() {
			basePaths = append(basePaths, b)
		}
	}
	if len(basePaths) == 0 {
		return nil // nothing scanned existed at the base revision
	}
	sort.SliceStable(pairs, func(i, j int) bool { return len(pairs[i].base) > len(pairs[j].base) })
	toHead := func(p string) string {
		for _, pr := range pairs {
			if isAncestor(pr.base, p) {
				r, _ := filepath.Rel(pr.base, p)
				return filepath.Join(pr.head, r)
			}
		}
		if isAncestor(baseDir, p) {
			r, _ := filepath.Rel(baseDir, p)
			return filepath.Join(baseRoot, r)
		}
		return p
	}
	headRel := l.rel
	bopts := Options{
		Paths: basePaths, Cwd: baseDir, Vars: opts.Vars, VarFiles: baseFiles(opts.VarFiles, toBase),
		Config: baseConfig(opts.Config, toBase), Renderer: opts.Renderer, KubeVersion: opts.KubeVersion,
		Budget:      runbudget.New(opts.Budget.Limits()),
		relOverride: func(p string) string { return headRel(toHead(p)) },
		keptParent:  opts.kept,
	}
	if r, ok := toBase(l.Root); ok {
		if st, err := os.Stat(r); err == nil && st.IsDir() {
			bopts.rootOverride = r
		}
	}
	bl, err := Load(bopts)
	if err != nil {
		return fmt.Errorf("base revision: %w", err)
	}
	skip, notes := uncomparableCalls(l.ModuleCalls, bl.ModuleCalls)
	in.Notes = append(in.Notes, notes...)
	renamedRoots := movedRoots(l, bl)
	for _, head := range slices.Sorted(maps.Keys(renamedRoots)) {
		in.Notes = append(in.Notes, lint.Note{Kind: lint.Skipped, Range: lint.Range{File: head},
			What: fmt.Sprintf("the root module %s at the base revision, moved here with its files unchanged: compared as the same root (one state)", renamedRoots[head])})
	}
	called := nowCalled(l, bl)
	for _, root := range slices.Sorted(maps.Keys(called)) {
		skip[root] = true
		in.Notes = append(in.Notes, lint.Note{Kind: lint.Skipped, Range: lint.Range{File: root},
			What: "a root module at the base revision, called as a module now: what it declared there is not compared (no apply of the scanned roots destroys it)"})
	}
	kept := func(o *lint.Object) string { return argoKept(bl.deliveries, l.deliveries, o) }
	for _, c := range diffBase(bl.Input.Model, model, readMoves(l.Tree, l.TerraformRoots, l.rel), opts.BaseRev, skip, kept, l.unbuilt, renamedRoots) {
		model.AddChange(c)
	}
	markModeAtBase(bl.Input.Model, model)
	return nil
}

// movedRoots pairs, by their directories as ranges name them, the
// scanned tree's root modules that did not exist at the base revision
// with the base's root modules that are gone now and held the same
// configuration files, byte for byte (a directory renamed or moved: its
// backend, so its state, is the same): head root → base root. A root
// whose files changed as it moved is not paired (its backend key may
// have changed with it, a new state).
func movedRoots(l, bl *Loaded) map[string]string {
	headRoots := map[string]string{}
	for _, d := range l.TerraformRoots {
		headRoots[l.rel(d)] = d
	}
	baseRoots := map[string]string{}
	for _, d := range bl.TerraformRoots {
		baseRoots[bl.rel(d)] = d
	}
	gone := map[string]string{} // configuration digest → base root
	for r, d := range baseRoots {
		if _, ok := headRoots[r]; ok {
			continue
		}
		if sig, ok := configFiles(bl.Tree, d); ok {
			if _, dup := gone[sig]; dup {
				gone[sig] = "" // two alike: neither is paired
				continue
			}
			gone[sig] = r
		}
	}
	out := map[string]string{}
	taken := map[string]bool{}
	for _, r := range slices.Sorted(maps.Keys(headRoots)) {
		if _, ok := baseRoots[r]; ok {
			continue
		}
		sig, ok := configFiles(l.Tree, headRoots[r])
		if b := gone[sig]; ok && b != "" && !taken[b] {
			out[r], taken[b] = b, true
		}
	}
	return out
}

// configFiles is the names and contents of a root module's configuration
// files (.tf, .tf.json, .tofu, .tofu.json), in name order, as one string;
// false when the directory cannot be read or holds none.
func configFiles(tree *treefs.Tree, dir string) (string, bool) {
	ents, err := tree.ReadDir(dir)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !(strings.HasSuffix(n, ".tf") || strings.HasSuffix(n, ".tf.json") || strings.HasSuffix(n, ".tofu") || strings.HasSuffix(n, ".tofu.json")) {
			continue
		}
		data, err := tree.ReadFile(filepath.Join(dir, n), 8<<20)
		if err != nil {
			return "", false
		}
		fmt.Fprintf(&b, "%s\x00%d\x00%s\x00", n, len(data), data)
	}
	return b.String(), b.Len() > 0
}

// atBaseRoot is key (root:address, or root:block) with its root, a head
// root moved from a base one, replaced by that base root.
func atBaseRoot(key string, renamedRoots map[string]string) (string, bool) {
	root, rest, ok := strings.Cut(key, ":")
	if !ok || len(renamedRoots) == 0 {
		return "", false
	}
	b, ok := renamedRoots[root]
	if !ok {
		return "", false
	}
	return b + ":" + rest, true
}

// nowCalled are the base revision's root modules (by their directory, as
// ranges name it) that the scanned tree no longer applies on their own but
// calls as a module of another root: no apply of the scanned roots
// destroys what they declared (the objects a new caller declares are its
// own), so they are not compared.
func nowCalled(l, bl *Loaded) map[string]bool {
	headRoots := map[string]bool{}
	for _, d := range l.TerraformRoots {
		headRoots[l.rel(d)] = true
	}
	called := map[string]bool{}
	for _, c := range l.ModuleCalls {
		if c.How == terraform.ResolvedLocal && c.Dir != "" {
			called[c.Dir] = true
		}
	}
	out := map[string]bool{}
	for _, d := range bl.TerraformRoots {
		if r := bl.rel(d); called[r] && !headRoots[r] {
			out[r] = true
		}
	}
	return out
}

// markModeAtBase records on each cluster of head the authentication mode
// the same cluster (baseKey) had in base, when it was known there. A base
// cluster that wrote no mode (ModeDefaulted) had CONFIG_MAP, the mode EKS
// creates a cluster in when none is given, inferred: one changed outside
// the source is kept by EKS and not seen here.
func markModeAtBase(base, head *lint.Model) {
	type baseMode struct{ mode, inferred string }
	was := map[string]baseMode{}
	for _, c := range base.Clusters {
		if mode, ok := c.AuthenticationMode.Str(); ok && mode != "" {
			was[baseKey(c)] = baseMode{mode: mode}
		} else if c.ModeDefaulted {
			was[baseKey(c)] = baseMode{lint.AuthConfigMap, fmt.Sprintf("the base revision writes no authentication mode for %s: taken to be CONFIG_MAP, the mode EKS creates a cluster in without one (a mode changed outside the source is kept)", c.Label)}
		}
	}
	for _, c := range head.Clusters {
		b := was[baseKey(c)]
		c.ModeAtBase, c.ModeAtBaseInferred = b.mode, b.inferred
	}
}

// The module cache (.terraform/modules, written by terraform init) is
// never committed, so the base revision has none: a call the scanned tree
// reads from its cache is modelled or unknown at base. Unknown, nothing
// inside it is read at base; modelled, the model creates what the rules
// need at the real module's addresses, where the cached code may create
// more, fewer or other blocks. So inside such a call only the blocks the
// scanned tree also has are compared (an instance gone from a block both
// sides have is a real deletion: a key removed from a node group map);
// a base block the cached code does not have is not compared, and a
// coverage note at the call says so. (Reading the scanned tree's cache
// for the base would assume the base pinned the same version, and read
// outside the base tree.)

// uncomparableCalls returns the module calls (by root module and call
// path, "infra:module.eks") that the scanned tree reads from its module
// cache while the base resolves them otherwise, with a note for each.
func uncomparableCalls(head, base []terraform.ModuleCall) (map[string]bool, []lint.Note) {
	how := map[string]terraform.Resolution{}
	for _, c := range base {
		how[c.Root+":"+c.Call] = c.How
	}
	skip := map[string]bool{}
	var notes []lint.Note
	for _, c := range head {
		k := c.Root + ":" + c.Call
		b, ok := how[k]
		if !ok || skip[k] {
			continue
		}
		var what string
		switch {
		case c.How == terraform.ResolvedCached && b != terraform.ResolvedCached:
			what = fmt.Sprintf("%s: not compared with the base revision: read from the module cache here, %s at base (the base has no .terraform/modules); inside it only the blocks both read are compared", c.Call, b)
		case c.How == terraform.ResolvedUnknown && b != terraform.ResolvedUnknown:
			// Its code (a new source: a private registry, a moved
			// repository) is not read now: what it declares is not
			// known, so nothing it declared at base is known gone.
			what = fmt.Sprintf("%s: not compared with the base revision: its code is not read here (%s at base): what it declares now is not known", c.Call, b)
		default:
			continue
		}
		skip[k] = true
		notes = append(notes, lint.Note{Kind: lint.Skipped, What: what, Range: c.Range})
	}
	return skip, notes
}

// inUncomparable reports whether a base Terraform entity sits inside a
// module call that is not compared.
func inUncomparable(o *lint.Object, skip map[string]bool) bool {
	if len(skip) == 0 || o.Source != lint.SourceTerraform {
		return false
	}
	root, addr, ok := strings.Cut(o.Addr, ":")
	if !ok {
		return false
	}
	if skip[root] {
		return true // a root called as a module now (nowCalled)
	}
	addr, _, _ = strings.Cut(addr, "#") // an aws-auth mapping of a ConfigMap
	for _, c := range plan.ConfigPrefixes(addr) {
		if skip[root+":"+c] {
			return true
		}
	}
	return false
}

// diffBase compares the base model with the scanned one; a base entity
// inside a call skip names is compared only when the scanned tree has its
// block.
func diffBase(base, head *lint.Model, mv moves, rev string, skip map[string]bool, kept func(*lint.Object) string, unbuilt []string, renamedRoots map[string]string) []*lint.Change {
	byKey := map[string][]lint.Entity{}
	for _, e := range head.Entities() {
		if e.Base().Kind == lint.KindWorkload {
			continue
		}
		k := baseKey(e)
		byKey[k] = append(byKey[k], e)
		if alt, ok := atBaseRoot(k, renamedRoots); ok {
			byKey[alt] = append(byKey[alt], e)
		}
	}
	at := " (at base)"
	if rev != "" {
		at = " (at base " + rev + ")"
	}
	gone := unmatched(base, byKey)
	blocks := byBlock(head)
	for k, es := range blocks {
		if alt, ok := atBaseRoot(k, renamedRoots); ok {
			blocks[alt] = append(blocks[alt], es...)
		}
	}
	var out []*lint.Change
	for _, e := range base.Entities() {
		o := e.Base()
		if o.Kind == lint.KindWorkload || inUncomparable(o, skip) && len(blocks[blockKey(o)]) == 0 {
			continue
		}
		if o.Source != lint.SourceTerraform && inUnbuilt(unbuilt, o.Range.File) {
			// Its kustomization does not build now: nothing of it is
			// applied, and nothing deleted.
			continue
		}
		if slices.Contains(o.Inferred, helm.InferredDefaults) {
			// Rendered from a chart no release installed at the base:
			// nothing of the tree deployed it, nothing is deleted.
			continue
		}
		key := baseKey(e)
		action := lint.ChangeAction("")
		if o.Source == lint.SourceTerraform && !strings.HasPrefix(key, "k8s:") && !strings.HasPrefix(key, "release:") {
			var removed *lint.ChangeAction
			followed, removed := mv.follow(key)
			if followed == key && len(byKey[key]) == 0 {
				if alt, ok := impliedMove(key); ok && len(byKey[alt]) > 0 {
					followed = alt
				}
			}
			key = followed
			if removed != nil && len(byKey[key]) == 0 {
				action = *removed
			}
		}
		now := byKey[key]
		reason := ""
		switch {
		case action != "":
			reason = "a removed block names it"
			if action == lint.ActionForget {
				reason += ", with destroy = false"
			}
		case len(now) == 0 && len(o.Possible) > 0 && len(blocks[blockKey(o)]) > 0:
			continue // a possible instance at base is no proof of an object; the block is still there
		case len(now) == 0 && kept != nil && kept(o) != "":
			// Gone from the tree, left in the cluster by the Argo CD
			// Application that applied it (argokept.go).
			action, reason = lint.ActionForget, kept(o)
		case len(now) == 0, gone[e]:
			action = lint.ActionDelete
			if len(now) == 0 {
				e, reason = mayRemain(e, blocks[blockKey(o)])
			}
		case len(o.Possible) == 0 && allPossible(now):
			action = lint.ActionDelete
			e, reason = mayRemain(e, now)
		case renamed(e, now):
			action = lint.ActionReplace
			was, _ := o.Name.Str()
			is, _ := now[0].Base().Name.Str()
			reason = fmt.Sprintf("its name changed from %q to %q", was, is)
		default:
			continue
		}
		revision := "base"
		if rev != "" {
			revision = rev
		}
		c := &lint.Change{Action: action, Before: e, Address: o.Label + at, Range: o.Range, Origin: "base", Revision: revision, Reason: reason}
		if action == lint.ActionReplace {
			// Terraform orders a replacement by the configuration it
			// applies: the scanned revision's lifecycle.
			c.CreateBeforeDestroy = now[0].Base().CreateBeforeDestroy
		}
		out = append(out, c)
	}
	return out
}

// A possible instance (lint.Object.Possible: a block whose count /
// for_each is unknown before apply) on either side is no proof of
// existence, so Terraform entities without a counterpart at their own
// address are also compared by block (root module and address without
// instance keys): a base instance that is itself possible is not deleted
// while the scanned revision still has the block; a base instance whose
// block has possible instances in the scanned revision (its keys became
// unknown: aws_x.y["a"] against aws_x.y[*]) is deleted only if those are
// not created, so the change is inferred (its Before carries the reason,
// and findings resting on it are one severity lower). Likewise a certain
// base instance whose counterpart at the same address is only possible
// now (for_each = toset(["a"]) became for_each = var.create ? … : …).

// byBlock indexes the scanned Terraform entities by blockKey.
func byBlock(head *lint.Model) map[string][]lint.Entity {
	out := map[string][]lint.Entity{}
	for _, e := range head.Entities() {
		if k := blockKey(e.Base()); k != "" {
			out[k] = append(out[k], e)
		}
	}
	return out
}

// blockKey is a Terraform entity's root module and address without
// instance keys ("infra:module.m.aws_x.y"), or "" for other entities.
func blockKey(o *lint.Object) string {
	if o.Source != lint.SourceTerraform || o.FromPlan() {
		return ""
	}
	root, _, ok := strings.Cut(o.Addr, ":")
	c := plan.ConfigAddress(o.Label)
	if !ok || c == "" {
		return ""
	}
	return root + ":" + c
}

// allPossible reports whether every entity is a possible instance (and
// there is one).
func allPossible(es []lint.Entity) bool {
	for _, e := range es {
		if len(e.Base().Possible) == 0 {
			return false
		}
	}
	return len(es) > 0
}

// mayRemain returns the deleted base entity, marked inferred when the
// scanned revision has possible instances of its block (it is deleted only
// if they are not created), with the change's reason then.
func mayRemain(e lint.Entity, same []lint.Entity) (lint.Entity, string) {
	for _, h := range same {
		if ps := h.Base().Possible; len(ps) > 0 {
			c := cloneEntity(e)
			o := c.Base()
			o.Inferred = append(slices.Clone(o.Inferred), o.Label+": deleted only if the scanned revision does not create it again ("+ps[len(ps)-1].Text+")")
			return c, "the scanned revision creates " + h.Base().Label + " only if its count / for_each allows"
		}
	}
	return e, ""
}

// unmatched finds the base objects that are gone although an object with
// the same key is still there: the same Kubernetes object (or release)
// kept for several clusters in several directories, removed from some.
// Objects pair up within the same file first, then across files (a moved
// file); the base objects left over are gone.
func unmatched(base *lint.Model, head map[string][]lint.Entity) map[lint.Entity]bool {
	groups := map[string][]lint.Entity{}
	for _, e := range base.Entities() {
		if e.Base().Kind == lint.KindWorkload {
			continue
		}
		if k := baseKey(e); strings.HasPrefix(k, "k8s:") || strings.HasPrefix(k, "release:") {
			groups[k] = append(groups[k], e)
		}
	}
	gone := map[lint.Entity]bool{}
	for k, bs := range groups {
		hs := head[k]
		if len(bs) <= len(hs) || len(hs) == 0 {
			continue
		}
		used := make([]bool, len(hs))
		var left []lint.Entity
		for _, b := range bs {
			found := false
			for i, h := range hs {
				if !used[i] && h.Base().Range.File == b.Base().Range.File {
					used[i], found = true, true
					break
				}
			}
			if !found {
				left = append(left, b)
			}
		}
		free := 0
		for _, u := range used {
			if !u {
				free++
			}
		}
		for _, b := range left[min(free, len(left)):] {
			gone[b] = true
		}
	}
	return gone
}

// baseKey is what finds an entity again at another revision.
func baseKey(e lint.Entity) string {
	o := e.Base()
	for _, a := range o.Aliases {
		// A key holding a value known only at apply is no key: its
		// placeholder is numbered in the order each model's evaluation
		// met it, which differs between the base and the scanned run.
		if strings.HasPrefix(a, "k8s:") && !lint.HasSentinel(a) {
			return a
		}
	}
	if r, ok := e.(*lint.Release); ok && o.Source != lint.SourceTerraform {
		name, ok1 := o.Name.Str()
		ns, ok2 := r.Namespace.Str()
		if ok1 && ok2 {
			return "release:" + r.Tool + "/" + ns + "/" + name
		}
	}
	return o.Addr
}

// renamed reports whether the identity name of e changed in every
// counterpart: a new cloud object.
func renamed(e lint.Entity, now []lint.Entity) bool {
	o := e.Base()
	switch o.Kind {
	case lint.KindRole, lint.KindInstanceProfile, lint.KindSecurityGroup, lint.KindNodeGroup:
	default:
		if o.Crossplane == nil {
			return false
		}
	}
	was, ok := o.Name.Str()
	if !ok || was == "" {
		return false
	}
	for _, n := range now {
		is, ok := n.Base().Name.Str()
		if !ok || is == was {
			return false
		}
	}
	return true
}

// moves are the `moved` and `removed` blocks of the scanned root modules
// and the local modules they call, by root module (as addresses qualify
// it).
type moves map[string]*rootMoves

type rootMoves struct {
	moved   []moveRule
	removed []moveRule
}

// moveRule is one `moved` (from → to) or `removed` (from, act) block,
// written in the module that the call path mod leads to (nil: the root).
type moveRule struct {
	mod      []string
	from, to string
	act      lint.ChangeAction
	// defaulted is set for a removed block that writes no
	// lifecycle { destroy }: its act is the default of the tool that
	// runs the file.
	defaulted bool
}

// apply maps addr through the rule when addr is inside the rule's module
// (any instance of each call on the path) and starts with from.
func (r moveRule) apply(addr string) (string, bool) {
	steps, rest := splitModules(addr)
	if len(steps) < len(r.mod) {
		return "", false
	}
	for i, name := range r.mod {
		if steps[i].name != name {
			return "", false
		}
	}
	var inside strings.Builder
	for _, st := range steps[len(r.mod):] {
		inside.WriteString(st.text)
	}
	inside.WriteString(rest)
	out, ok := replacePrefix(inside.String(), r.from, r.to)
	if !ok {
		return "", false
	}
	var prefix strings.Builder
	for _, st := range steps[:len(r.mod)] {
		prefix.WriteString(st.text)
	}
	return prefix.String() + out, true
}

type moduleStep struct{ name, text string }

var moduleStepRE = regexp.MustCompile(`^module\.([A-Za-z0-9_-]+)(\[[^\]]*\])?\.`)

// splitModules splits "module.a[0].module.b.aws_x.y" into its module steps
// and the rest ("aws_x.y").
func splitModules(addr string) ([]moduleStep, string) {
	var steps []moduleStep
	for {
		m := moduleStepRE.FindStringSubmatch(addr)
		if m == nil {
			return steps, addr
		}
		steps = append(steps, moduleStep{name: m[1], text: m[0]})
		addr = addr[len(m[0]):]
	}
}

// follow maps a base address through the moves of its root module; it
// also says when a `removed` block names the address.
func (m moves) follow(key string) (string, *lint.ChangeAction) {
	for root, rm := range m {
		prefix := root + ":"
		if !strings.HasPrefix(key, prefix) {
			continue
		}
		addr := key[len(prefix):]
		// Chains of moves (a → b, b → c), bounded.
		for i := 0; i <= len(rm.moved); i++ {
			changed := false
			for _, mv := range rm.moved {
				if a, ok := mv.apply(addr); ok && a != addr {
					addr, changed = a, true
					break
				}
			}
			if !changed {
				break
			}
		}
		for _, rv := range rm.removed {
			if _, ok := rv.apply(addr); ok {
				a := rv.act
				return prefix + addr, &a
			}
		}
		return prefix + addr, nil
	}
	return key, nil
}

// impliedMove is the address Terraform moves a resource instance to by
// itself when its block gains or loses count: aws_x.y becomes aws_x.y[0],
// and aws_x.y[0] becomes aws_x.y (Terraform's implied moves, for
// resources only; a module call needs a moved block). key is a base key
// ("root:module.m.aws_x.y[0]…"); false for anything else.
func impliedMove(key string) (string, bool) {
	root, addr, ok := strings.Cut(key, ":")
	if !ok {
		return "", false
	}
	steps, rest := splitModules(addr)
	var prefix strings.Builder
	prefix.WriteString(root + ":")
	for _, st := range steps {
		prefix.WriteString(st.text)
	}
	m := resourceStepRE.FindStringSubmatch(rest)
	if m == nil {
		return "", false
	}
	block, instance, tail := m[1], m[2], rest[len(m[0]):]
	switch instance {
	case "":
		return prefix.String() + block + "[0]" + tail, true
	case "[0]":
		return prefix.String() + block + tail, true
	}
	return "", false
}

// resourceStepRE matches a resource (or data source) block address and its
// instance key at the start of an address.
var resourceStepRE = regexp.MustCompile(`^((?:data\.)?[A-Za-z][A-Za-z0-9_-]*\.[A-Za-z_][A-Za-z0-9_-]*)(\[[^\]]*\])?`)

// replacePrefix replaces the address prefix from (a whole resource, an
// instance or a module call) with to.
func replacePrefix(addr, from, to string) (string, bool) {
	if addr == from {
		return to, true
	}
	if strings.HasPrefix(addr, from) {
		rest := addr[len(from):]
		// A move naming an instance on either side (from = module.a,
		// to = module.a[0]) moves that instance only: module.a means the
		// instance without a key there, not module.a[0] under it.
		instance := strings.HasSuffix(from, "]") || strings.HasSuffix(to, "]")
		if rest[0] == '.' || rest[0] == '[' && !instance {
			return to + rest, true
		}
	}
	return "", false
}

// maxMoveDepth bounds how deep local module calls are followed for their
// moved and removed blocks.
const maxMoveDepth = 8

// readMoves reads the `moved` and `removed` blocks of the root modules and
// of the local modules they call (a block inside a module applies to
// every instance of the calls that lead there).
func readMoves(tree *treefs.Tree, roots []string, rel func(string) string) moves {
	out := moves{}
	files := map[string]*fileMoves{}
	for _, dir := range roots {
		rm := &rootMoves{}
		readModuleMoves(tree, rm, dir, nil, map[string]bool{}, files)
		if len(rm.moved) > 0 || len(rm.removed) > 0 {
			out[rel(dir)] = rm
		}
	}
	return out
}

// fileMoves is what one configuration file says for readMoves: its moved
// and removed blocks (module path not yet set) and its local module
// calls. A module several roots call is read once.
type fileMoves struct {
	moved, removed []moveRule
	calls          []localCall
}

// localCall is a module call with a local source.
type localCall struct{ name, source string }

func readModuleMoves(tree *treefs.Tree, rm *rootMoves, dir string, mod []string, seen map[string]bool, files map[string]*fileMoves) {
	clean := filepath.Clean(dir)
	if seen[clean] || len(mod) > maxMoveDepth {
		return
	}
	seen[clean] = true
	defer delete(seen, clean)
	if !tree.Contains(dir) {
		return
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.tf"))
	tofu, _ := filepath.Glob(filepath.Join(dir, "*.tofu"))
	for _, f := range terraform.WithoutShadowed(append(names, tofu...)) {
		fm, ok := files[f]
		if !ok {
			fm = readFileMoves(tree, f)
			files[f] = fm
		}
		for _, r := range fm.moved {
			r.mod = mod
			rm.moved = append(rm.moved, r)
		}
		for _, r := range fm.removed {
			r.mod = mod
			if r.defaulted && len(tofu) > 0 {
				// A directory with .tofu files is OpenTofu's (Terraform
				// ignores them): its .tf files' removed blocks take
				// OpenTofu's default too.
				r.act = lint.ActionForget
			}
			rm.removed = append(rm.removed, r)
		}
		for _, c := range fm.calls {
			readModuleMoves(tree, rm, filepath.Join(dir, c.source), append(append([]string(nil), mod...), c.name), seen, files)
		}
	}
}

// readFileMoves reads the moved and removed blocks and local module calls
// of one file (nothing from one that cannot be read or parsed).
func readFileMoves(tree *treefs.Tree, f string) *fileMoves {
	fm := &fileMoves{}
	src, err := tree.ReadFile(f, maxManifest)
	if err != nil {
		return fm
	}
	if nesting.HCL(src) != nil {
		return fm // the scanned tree reports it; the base only lends its moves
	}
	file, diags := hclsyntax.ParseConfig(src, f, hcl.InitialPos)
	if diags.HasErrors() || file == nil {
		return fm
	}
	body, ok := file.Body.(*hclsyntax.Body)
	if !ok {
		return fm
	}
	for _, b := range body.Blocks {
		switch b.Type {
		case "moved":
			from, to := exprText(src, b.Body, "from"), exprText(src, b.Body, "to")
			if from != "" && to != "" {
				fm.moved = append(fm.moved, moveRule{from: from, to: to})
			}
		case "removed":
			from := exprText(src, b.Body, "from")
			if from == "" {
				continue
			}
			// Without lifecycle { destroy = … } Terraform destroys the
			// object, OpenTofu forgets it (configs.Removed: destroy
			// defaults to false, with a warning): a .tofu file is
			// OpenTofu's alone.
			act, defaulted := lint.ActionDelete, true
			if strings.HasSuffix(f, ".tofu") {
				act = lint.ActionForget
			}
			for _, lb := range b.Body.Blocks {
				if a, ok := lb.Body.Attributes["destroy"]; ok && lb.Type == "lifecycle" {
					if v, d := a.Expr.Value(nil); !d.HasErrors() && v.Type().FriendlyName() == "bool" && v.IsKnown() && !v.IsNull() {
						act, defaulted = lint.ActionDelete, false
						if v.False() {
							act = lint.ActionForget
						}
					}
				}
			}
			fm.removed = append(fm.removed, moveRule{from: from, act: act, defaulted: defaulted})
		case "module":
			if len(b.Labels) != 1 {
				continue
			}
			a, ok := b.Body.Attributes["source"]
			if !ok {
				continue
			}
			v, d := a.Expr.Value(nil)
			if d.HasErrors() || v.Type().FriendlyName() != "string" || v.IsNull() {
				continue
			}
			if source := v.AsString(); strings.HasPrefix(source, "./") || strings.HasPrefix(source, "../") {
				fm.calls = append(fm.calls, localCall{name: b.Labels[0], source: source})
			}
		}
	}
	return fm
}

// exprText is an attribute's expression as written, without spaces: the
// address of a moved or removed block.
func exprText(src []byte, body *hclsyntax.Body, name string) string {
	a, ok := body.Attributes[name]
	if !ok {
		return ""
	}
	r := a.Expr.Range()
	if r.Start.Byte < 0 || r.End.Byte > len(src) || r.Start.Byte >= r.End.Byte {
		return ""
	}
	return strings.Join(strings.Fields(string(src[r.Start.Byte:r.End.Byte])), "")
}

// baseConfig is the configuration with its directories moved into the base
// tree, so excludes and scopes apply there alike.
func baseConfig(c *lint.Config, toBase func(string) (string, bool)) *lint.Config {
	if c == nil {
		return nil
	}
	m := func(d string) string {
		if b, ok := toBase(d); ok {
			return b
		}
		return d
	}
	cc := *c
	cc.Dir = m(c.Dir)
	cc.Scopes = append([]lint.ScopeConfig(nil), c.Scopes...)
	for i := range cc.Scopes {
		cc.Scopes[i].Dir = m(cc.Scopes[i].Dir)
	}
	cc.Terraform = append([]lint.TerraformConfig(nil), c.Terraform...)
	for i := range cc.Terraform {
		cc.Terraform[i].Dir = m(cc.Terraform[i].Dir)
		cc.Terraform[i].VarFiles = baseFiles(cc.Terraform[i].VarFiles, toBase)
	}
	cc.Charts = append([]lint.ChartConfig(nil), c.Charts...)
	for i := range cc.Charts {
		cc.Charts[i].Dir = m(cc.Charts[i].Dir)
		cc.Charts[i].ValuesFiles = baseFiles(cc.Charts[i].ValuesFiles, toBase)
	}
	return &cc
}

// baseFiles are variables or values files (absolute) as the base revision
// has them: a file of the scanned tree is read at the base, where it
// exists there; another file (outside the tree, or new since) as it is.
func baseFiles(files []string, toBase func(string) (string, bool)) []string {
	if len(files) == 0 {
		return files
	}
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f
		if b, ok := toBase(f); ok {
			if st, err := os.Stat(b); err == nil && st.Mode().IsRegular() {
				out[i] = b
			}
		}
	}
	return out
}

func evalOr(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}
