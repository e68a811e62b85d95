package rules

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// describe names a resolved identity with its declaration when the model
// has one: `"prod-nodes" (aws_iam_role.nodes)`.
func describe(id lint.Identity) string {
	name := id.Describe()
	if id.Entity != nil {
		o := id.Entity.Base()
		if n, ok := o.Name.Str(); ok && n != "" {
			return fmt.Sprintf("%q (%s)", n, o.Label)
		}
		return o.Label
	}
	return fmt.Sprintf("%q", name)
}

// listLabels joins up to three labels and says how many more there are.
func listLabels(labels []string) string {
	if len(labels) <= 3 {
		return strings.Join(labels, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(labels[:3], ", "), len(labels)-3)
}

// uniqueLabels removes repeated labels (count instances share a line).
func uniqueLabels(ns []lint.NodeIdentity) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range ns {
		l := n.Label()
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// declared returns the declaration of an identity's entity as a related
// location.
func declared(id lint.Identity, what string) []lint.Location {
	if id.Entity == nil {
		return nil
	}
	o := id.Entity.Base()
	return []lint.Location{{Range: o.NameRange, Message: what + " " + o.Label + " is declared here"}}
}

// refRange picks where a node identity's role or profile is written.
func refRange(r lint.Ref, fallback lint.Entity) lint.Range {
	if r.IsSet() {
		return r.Range
	}
	return fallback.Base().Range
}

// inferred collects what the entities of a finding rest on that was
// inferred rather than read.
func inferred(es ...lint.Entity) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range es {
		if e == nil {
			continue
		}
		for _, s := range e.Base().Inferred {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}
