package kube

import (
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/awsauth"
	"github.com/faultline-dev/faultline/internal/yamlpos"
	"github.com/faultline-dev/faultline/lint"
)

// isAWSAuth reports whether the document is the aws-auth ConfigMap
// (kube-system, or no namespace written).
func (d *doc) isAWSAuth() bool {
	return d.is("ConfigMap", "v1") && lint.IsAWSAuthConfigMap(d.name, d.namespace, true)
}

// awsAuth reads the aws-auth ConfigMap: the object and one access entry per
// mapRoles entry, each at the line it is written on. Unreadable mapRoles
// text is a diagnostic at its key.
func (d *doc) awsAuth() ([]lint.Entity, []lint.Diagnostic) {
	cm := &lint.KubeObject{Object: d.object(lint.KindObject), APIVersion: d.apiVersion, KindName: d.kind, Namespace: d.namespaceValue()}
	out := []lint.Entity{cm}
	k, v := path(d.root, "data", awsauth.Key)
	text, ok := scalar(v)
	if !ok {
		return out, nil
	}
	if d.opts.Holes != nil && lint.HasSentinel(text) && lint.LiteralPrefix(text) == "" && lint.LiteralSuffix(text) == "" {
		return out, nil // the whole text is an unknown value
	}
	roles, err := awsauth.Parse(text)
	if d.opts.Holes != nil && awsauth.FailsAtHole(text, err) {
		return out, nil // it fails where a value known only at apply stands
	}
	if err != nil {
		return out, []lint.Diagnostic{{Range: d.pairRange(k, v), Summary: "invalid aws-auth mapRoles", Detail: "mapRoles of " + cm.Label + " cannot be read (" + err.Error() + "); its node mappings are not checked."}}
	}
	cluster := lint.Unknown()
	if d.scope.Cluster != "" {
		cluster = lint.Known(d.scope.Cluster)
	}
	sv := resolve(v)
	for _, r := range roles {
		rng := d.rangeOf(v)
		if sv.Style&yaml.LiteralStyle != 0 {
			// A literal block keeps lines: entry line n is n lines below
			// the indicator, shifted by the block's indentation.
			line := sv.Line + r.Line
			col := yamlpos.Indent(d.opts.src, line) + r.Column
			rng = lint.Range{File: d.file, Line: line, Column: col, EndLine: line, EndColumn: col + 1}
			if d.opts.MapRange != nil {
				rng = d.opts.MapRange(rng, "")
			}
		}
		out = append(out, lint.NewAWSAuthMapping(cm.Object, d.decode(r.RoleARN), r.Groups, rng, cluster))
	}
	return out, nil
}
