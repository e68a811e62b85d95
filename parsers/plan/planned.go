package plan

import (
	"encoding/json"
	"strconv"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/faultline-dev/faultline/lint"
)

// Resources lists the planned values (the state the plan leads to) of the
// managed resources the model knows, module internals included: roles,
// instance profiles, security groups, launch templates, node groups (with
// their capacity), access entries, EKS clusters, Fargate profiles,
// subnets, and the mapRoles entries of an aws-auth ConfigMap. Their addresses are "plan:ADDRESS"; they are ranged at
// opts.SourceRange of their address, else at opts.CallRange (the module
// call in the scanned source that contains them), else nowhere. Values
// the plan leaves unknown until apply, or marks sensitive, are unknown.
// Each depends on (lint.Object.DependsOn) what the plan's configuration
// says its block and the module calls around it depend on.
func (p *Plan) Resources(opts Options) []lint.Entity {
	if p == nil || p.raw == nil || p.raw.PlannedValues == nil {
		return nil
	}
	w := &plannedWalk{opts: opts}
	var cfg *tfjson.ConfigModule
	if p.raw.Config != nil {
		cfg = p.raw.Config.RootModule
	}
	w.module(p.raw.PlannedValues.RootModule, cfg, 0)
	return w.out
}

// plannedWalk gathers the planned entities, module instance by module
// instance, with what each block's depends_on names (dependson.go).
type plannedWalk struct {
	opts Options
	out  []lint.Entity
}

// module adds the entities of one planned module instance (its
// configuration cfg may be nil), and the explicit dependencies its
// configuration gives them.
func (w *plannedWalk) module(m *tfjson.StateModule, cfg *tfjson.ConfigModule, depth int) {
	if m == nil || depth > maxModuleDepth {
		return
	}
	blocks := map[string][]int{}
	for _, r := range m.Resources {
		if r == nil || r.Mode != tfjson.ManagedResourceMode || r.AttributeValues == nil {
			continue
		}
		start := len(w.out)
		w.out = append(w.out, plannedEntities(r, w.opts)...)
		blocks[r.Type+"."+r.Name] = appendRange(blocks[r.Type+"."+r.Name], start, len(w.out))
	}
	for _, c := range m.ChildModules {
		name, ok := callName(c)
		start := len(w.out)
		w.module(c, childConfig(cfg, name, ok), depth+1)
		if ok {
			blocks["module."+name] = appendRange(blocks["module."+name], start, len(w.out))
		}
	}
	w.dependsOn(cfg, blocks)
}

// maxModuleDepth bounds the walk through child modules.
const maxModuleDepth = 64

func plannedEntities(r *tfjson.StateResource, opts Options) []lint.Entity {
	rng := lint.Range{}
	if opts.SourceRange != nil {
		if sr, ok := opts.SourceRange(r.Address); ok {
			rng = sr
		}
	}
	if rng.IsZero() && opts.CallRange != nil {
		if cr, ok := opts.CallRange(r.Address); ok {
			rng = cr
		}
	}
	var sensitive any
	if len(r.SensitiveValues) > 0 {
		_ = json.Unmarshal(r.SensitiveValues, &sensitive)
	}
	if rng.IsZero() {
		file := opts.File
		if file == "" {
			file = "plan"
		}
		rng = lint.Range{File: file} // nothing in the source holds it: the plan does
	}
	b := &builder{attrs: r.AttributeValues, sensitive: sensitive, rng: rng}
	e := b.entity(r.Address, r.Type, rng, opts.Scope)
	if e == nil {
		e = b.capacityEntity(plannedObject(b, r.Address, rng, opts.Scope), r.Type)
	}
	if e == nil {
		return nil
	}
	out := []lint.Entity{e}
	if cm, ok := e.(*lint.KubeObject); ok && isAWSAuth(b) {
		roles, ok := mapRoles(b)
		if !ok {
			return out
		}
		cluster := lint.Unknown()
		if opts.Scope.Cluster != "" {
			cluster = lint.Known(opts.Scope.Cluster)
		}
		for i, role := range roles {
			ae := lint.NewAWSAuthMapping(cm.Object, lint.Known(role.RoleARN), role.Groups, rng, cluster)
			ae.Label = r.Address + " mapRoles[" + strconv.Itoa(i) + "]"
			out = append(out, ae)
		}
	}
	return out
}

// plannedObject is the object of a planned resource, as entity makes it.
func plannedObject(b *builder, address string, rng lint.Range, base lint.Scope) lint.Object {
	return lint.Object{
		Addr:      "plan:" + address,
		Label:     address,
		Range:     rng,
		NameRange: rng,
		Source:    lint.SourceTerraform,
		Scope:     arnScope(b.str("arn")).Merge(base),
	}
}
