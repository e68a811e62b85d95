package terragrunt

import "github.com/zclconf/go-cty/cty"

// merge puts over (the including configuration) onto base (an included
// one), as Terragrunt merges an include: the terraform source, remote
// state and generate blocks of over replace base's; inputs are merged
// name by name (deep: values merged recursively, lists concatenated);
// dependency blocks are merged by name (deep: an unset config_path or
// mock_outputs is taken from base); dependencies paths are concatenated;
// skip is over's own; over's exclude block replaces base's; extra_arguments
// blocks are merged by name.
func merge(base, over *cfg, deep bool) *cfg {
	out := &cfg{tf: over.tf, backend: over.backend}
	if out.tf == nil || !out.tf.set {
		out.tf = base.tf
		if over.tf != nil && base.tf != nil && !base.tf.set {
			out.tf = over.tf
		}
	}
	if out.backend == nil {
		out.backend = base.backend
	}
	out.extra = mergeExtraArgs(base.extra, over.extra)
	out.inputs = mergeInputs(base.inputs, over.inputs, deep)
	out.deps = mergeDeps(base.deps, over.deps, deep)
	out.paths = append(append(out.paths, base.paths...), over.paths...)
	out.gens = mergeGens(base.gens, over.gens)
	out.skip = over.skip
	out.exclude = mergeExclude(base.exclude, over.exclude, deep)
	return out
}

// mergeExclude is the exclude block of a configuration and the one it
// includes: its own replaces the included one (deep: when its actions are
// empty, the included block's are kept, as Terragrunt merges them).
func mergeExclude(base, over *excludeBlock, deep bool) *excludeBlock {
	if over == nil {
		return base
	}
	if !deep || base == nil || len(over.actions) > 0 || over.actionsUnknown {
		return over
	}
	x := *over
	x.actions, x.actionsUnknown = base.actions, base.actionsUnknown
	return &x
}

func mergeInputs(base, over []*inputItem, deep bool) []*inputItem {
	at := map[string]int{}
	out := make([]*inputItem, 0, len(base)+len(over))
	for _, it := range base {
		at[it.name] = len(out)
		out = append(out, it)
	}
	for _, it := range over {
		i, ok := at[it.name]
		if !ok {
			at[it.name] = len(out)
			out = append(out, it)
			continue
		}
		if deep {
			merged := *it
			merged.base = out[i]
			it = &merged
		}
		out[i] = it
	}
	return out
}

func mergeDeps(base, over []*dep, deep bool) []*dep {
	at := map[string]int{}
	out := make([]*dep, 0, len(base)+len(over))
	for _, d := range base {
		at[d.name] = len(out)
		out = append(out, d)
	}
	for _, d := range over {
		i, ok := at[d.name]
		if !ok {
			at[d.name] = len(out)
			out = append(out, d)
			continue
		}
		if deep {
			merged := *d
			b := out[i]
			if merged.written == "" {
				merged.written, merged.dir = b.written, b.dir
			}
			if merged.mocks == cty.NilVal {
				merged.mocks = b.mocks
			} else if b.mocks != cty.NilVal {
				merged.mocks = deepMerge(b.mocks, merged.mocks)
			}
			d = &merged
		}
		out[i] = d
	}
	return out
}

func mergeGens(base, over []*gen) []*gen {
	at := map[string]int{}
	out := make([]*gen, 0, len(base)+len(over))
	for _, g := range append(append([]*gen{}, base...), over...) {
		if i, ok := at[g.name]; ok {
			out[i] = g
			continue
		}
		at[g.name] = len(out)
		out = append(out, g)
	}
	return out
}
