package plan

import (
	"slices"

	tfjson "github.com/hashicorp/terraform-json"
)

// The configuration of a plan gives each resource's and module call's
// depends_on as Terraform resolved it (references, relative to the module
// that writes them). A planned entity gets the Addrs of the planned
// entities of its block's targets in the same module instance, then of the
// targets of each module call around it, as the Terraform parser does for
// source (lint.Object.DependsOn): a resource target stands for all its
// instances, a module target for everything planned inside the call.

// appendRange adds the indexes [from, to) to a block's entities.
func appendRange(idx []int, from, to int) []int {
	for i := from; i < to; i++ {
		idx = append(idx, i)
	}
	return idx
}

// callName is the name of the module call a planned child module is an
// instance of (the last step of its address).
func callName(c *tfjson.StateModule) (string, bool) {
	if c == nil {
		return "", false
	}
	ps, ok := parts(c.Address)
	if !ok || !ps[len(ps)-1].module {
		return "", false
	}
	return ps[len(ps)-1].name[len("module."):], true
}

// childConfig is the configuration of module call name in cfg, or nil.
func childConfig(cfg *tfjson.ConfigModule, name string, ok bool) *tfjson.ConfigModule {
	if cfg == nil || !ok {
		return nil
	}
	if c := cfg.ModuleCalls[name]; c != nil {
		return c.Module
	}
	return nil
}

// dependsOn gives the entities of each block of a module instance the
// Addrs of its depends_on targets' entities there.
func (w *plannedWalk) dependsOn(cfg *tfjson.ConfigModule, blocks map[string][]int) {
	if cfg == nil {
		return
	}
	for _, r := range cfg.Resources {
		if r != nil && r.Mode == tfjson.ManagedResourceMode {
			w.depend(blocks[r.Type+"."+r.Name], r.DependsOn, blocks)
		}
	}
	for name, c := range cfg.ModuleCalls {
		if c != nil {
			w.depend(blocks["module."+name], c.DependsOn, blocks)
		}
	}
}

// depend adds the entities of the targets to the dependents'.
func (w *plannedWalk) depend(dependents []int, targets []string, blocks map[string][]int) {
	if len(dependents) == 0 || len(targets) == 0 {
		return
	}
	var addrs []string
	for _, t := range targets {
		ps, ok := parts(t)
		if !ok || len(ps) != 1 {
			continue // a module's output, or not a reference
		}
		for _, i := range blocks[ps[0].name] {
			if a := w.out[i].Base().Addr; !slices.Contains(addrs, a) {
				addrs = append(addrs, a)
			}
		}
	}
	for _, i := range dependents {
		o := w.out[i].Base()
		for _, a := range addrs {
			if a != o.Addr && !slices.Contains(o.DependsOn, a) {
				o.DependsOn = append(o.DependsOn, a)
			}
		}
	}
}
