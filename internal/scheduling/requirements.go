// Package scheduling decides, before anything is applied, whether the pods
// of a workload can land anywhere the code declares capacity: Karpenter
// NodePools, node groups and Fargate profiles. It compares what the pods
// ask for (node selectors, required node affinity, tolerations, zonal
// volumes, requests) with what each place offers, stage by stage, and says
// for every place why it does not fit. Unknown facts never fail a place.
package scheduling

import (
	"slices"
	"strconv"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// matches reports whether a node label value (present says whether the
// label exists at all) satisfies a requirement, as the scheduler reads
// node selector requirements.
func matches(r lint.Requirement, value string, present bool) bool {
	switch r.Operator {
	case lint.OpIn:
		return present && slices.Contains(r.Values, value)
	case lint.OpNotIn:
		return !present || !slices.Contains(r.Values, value)
	case lint.OpExists:
		return present
	case lint.OpDoesNotExist:
		return !present
	case lint.OpGt, lint.OpLt, lint.OpGte, lint.OpLte:
		if !present || len(r.Values) != 1 {
			return false
		}
		v, err1 := strconv.ParseInt(value, 10, 64)
		bound, err2 := strconv.ParseInt(r.Values[0], 10, 64)
		if err1 != nil || err2 != nil {
			return false
		}
		switch r.Operator {
		case lint.OpGt:
			return v > bound
		case lint.OpGte:
			return v >= bound
		case lint.OpLte:
			return v <= bound
		}
		return v < bound
	}
	return true
}

// allMatch reports whether a value satisfies every requirement.
func allMatch(rs []lint.Requirement, value string, present bool) bool {
	for _, r := range rs {
		if !matches(r, value, present) {
			return false
		}
	}
	return true
}

// offer is what a place says about one label key on its nodes.
type offer struct {
	// values, when finite is set, are every value the key can have; the
	// key is then present on every node unless absent is set too.
	finite bool
	values []string
	// reqs constrain the key when it is not finite (Karpenter
	// requirements on it); none means any value.
	reqs []lint.Requirement
	// absent: the key may be missing from the nodes; missing: it is
	// certainly missing.
	absent, missing bool
	// prefix, when set, is the known text every value of the key starts
	// with (a node group's name prefix): the rest is not known.
	prefix string
}

// prefixCompatible reports whether a value starting with prefix (the
// rest not known) may satisfy every requirement: the key is present, and
// a value an In requirement lists must start with the prefix.
func prefixCompatible(prefix string, want []lint.Requirement) bool {
	for _, r := range want {
		switch r.Operator {
		case lint.OpDoesNotExist:
			return false
		case lint.OpIn:
			if !slices.ContainsFunc(r.Values, func(v string) bool { return strings.HasPrefix(v, prefix) && allMatch(want, v, true) }) {
				return false
			}
		}
	}
	return true
}

// compatible reports whether some node of the offer satisfies every
// requirement the pod puts on the key.
func (o offer) compatible(want []lint.Requirement) bool {
	if o.missing {
		return allMatch(want, "", false)
	}
	if o.absent && allMatch(want, "", false) {
		return true
	}
	if o.prefix != "" {
		return prefixCompatible(o.prefix, want)
	}
	if o.finite {
		for _, v := range o.values {
			if allMatch(want, v, true) && allMatch(o.reqs, v, true) {
				return true
			}
		}
		return false
	}
	return satisfiable(append(append([]lint.Requirement(nil), o.reqs...), want...))
}

// satisfiable reports whether some present value satisfies every
// requirement: a value some In names, or else any value within the Gt/Lt
// bounds that no NotIn excludes.
func satisfiable(rs []lint.Requirement) bool {
	var candidates []string
	hasIn := false
	for _, r := range rs {
		switch r.Operator {
		case lint.OpIn:
			hasIn = true
			candidates = append(candidates, r.Values...)
		case lint.OpDoesNotExist:
			return false
		}
	}
	if hasIn {
		for _, v := range candidates {
			if allMatch(rs, v, true) {
				return true
			}
		}
		return false
	}
	return boundsSatisfiable(rs)
}

// boundsSatisfiable reports whether an integer lies within every bound
// (Gt, Lt, Gte, Lte) and outside every NotIn, when no In restricts the
// value.
func boundsSatisfiable(rs []lint.Requirement) bool {
	lo, hi := int64(-1<<62), int64(1<<62)
	numeric := false
	for _, r := range rs {
		if !lint.IsBound(r.Operator) || len(r.Values) != 1 {
			continue
		}
		b, err := strconv.ParseInt(r.Values[0], 10, 64)
		if err != nil {
			return false
		}
		numeric = true
		switch r.Operator {
		case lint.OpGt:
			lo = max(lo, b+1)
		case lint.OpGte:
			lo = max(lo, b)
		case lint.OpLt:
			hi = min(hi, b-1)
		case lint.OpLte:
			hi = min(hi, b)
		}
	}
	if !numeric {
		return true
	}
	for v := lo; v <= hi && v < lo+64; v++ {
		if allMatch(rs, strconv.FormatInt(v, 10), true) {
			return true
		}
	}
	return hi-lo >= 64
}

// known drops requirements that could not be read: they constrain
// nothing.
func known(rs []lint.Requirement) []lint.Requirement {
	var out []lint.Requirement
	for _, r := range rs {
		if !r.Unknown {
			out = append(out, r)
		}
	}
	return out
}

// byKey groups requirements by label key, keeping their order.
func byKey(rs []lint.Requirement) (keys []string, groups map[string][]lint.Requirement) {
	groups = map[string][]lint.Requirement{}
	for _, r := range rs {
		if _, ok := groups[r.Key]; !ok {
			keys = append(keys, r.Key)
		}
		groups[r.Key] = append(groups[r.Key], r)
	}
	return keys, groups
}
