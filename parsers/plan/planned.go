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
func (p *Plan) Resources(opts Options) []lint.Entity {
	if p == nil || p.raw == nil || p.raw.PlannedValues == nil {
		return nil
	}
	var out []lint.Entity
	var walk func(m *tfjson.StateModule, depth int)
	walk = func(m *tfjson.StateModule, depth int) {
		if m == nil || depth > maxModuleDepth {
			return
		}
		for _, r := range m.Resources {
			if r == nil || r.Mode != tfjson.ManagedResourceMode || r.AttributeValues == nil {
				continue
			}
			out = append(out, plannedEntities(r, opts)...)
		}
		for _, c := range m.ChildModules {
			walk(c, depth+1)
		}
	}
	walk(p.raw.PlannedValues.RootModule, 0)
	return out
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
