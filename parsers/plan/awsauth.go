package plan

import (
	"strconv"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/faultline-dev/faultline/internal/awsauth"
	"github.com/faultline-dev/faultline/lint"
)

// isConfigMap reports the resource types that manage a ConfigMap's data.
func isConfigMap(typ string) bool {
	switch typ {
	case "kubernetes_config_map", "kubernetes_config_map_v1", "kubernetes_config_map_v1_data":
		return true
	}
	return false
}

// mappingChanges lists the aws-auth mapRoles entries a change removes:
// every entry of the prior state's mapRoles that the planned one no longer
// has (all of them when the ConfigMap is deleted). Nothing is listed when
// the planned mapRoles is unknown until apply or marked sensitive. The
// changes are named by position ("mapRoles[1]"), never by plan values.
func mappingChanges(rc *tfjson.ResourceChange, opts Options, file string) []*lint.Change {
	before, _ := rc.Change.Before.(map[string]any)
	bb := &builder{attrs: before, sensitive: rc.Change.BeforeSensitive}
	if !isAWSAuth(bb) {
		return nil
	}
	was, ok := mapRoles(bb)
	if !ok || len(was) == 0 {
		return nil
	}
	acts := rc.Change.Actions
	kept := map[string]bool{}
	if !acts.Delete() {
		after, _ := rc.Change.After.(map[string]any)
		ab := &builder{attrs: after, sensitive: rc.Change.AfterSensitive}
		if unknownData(rc.Change.AfterUnknown) || !isAWSAuth(ab) {
			return nil
		}
		now, ok := mapRoles(ab)
		if !ok {
			return nil
		}
		for _, r := range now {
			kept[r.RoleARN] = true
		}
	}
	rng := lint.Range{}
	if opts.SourceRange != nil {
		rng, _ = opts.SourceRange(rc.Address)
	}
	cm := lint.Object{
		Kind:   lint.KindObject,
		Addr:   "plan:" + rc.Address,
		Label:  rc.Address,
		Name:   lint.Known("aws-auth"),
		Range:  rng,
		Source: lint.SourceTerraform,
		Scope:  opts.Scope,
	}
	cluster := lint.Unknown()
	if opts.Scope.Cluster != "" {
		cluster = lint.Known(opts.Scope.Cluster)
	}
	var out []*lint.Change
	for i, r := range was {
		if kept[r.RoleARN] {
			continue
		}
		ae := lint.NewAWSAuthMapping(cm, lint.Known(r.RoleARN), r.Groups, rng, cluster)
		ae.Label = rc.Address + " mapRoles[" + strconv.Itoa(i) + "]"
		out = append(out, &lint.Change{
			Action:  lint.ActionDelete,
			Before:  ae,
			Address: ae.Label,
			Reason:  "the planned mapRoles no longer has the entry",
			Range:   rng,
			Origin:  "plan",
		})
	}
	return out
}

// isAWSAuth reports whether a ConfigMap's values name kube-system/aws-auth.
func isAWSAuth(b *builder) bool {
	name, _ := b.nested("metadata", "name").Str()
	ns, ok := b.nested("metadata", "namespace").Str()
	return lint.IsAWSAuthConfigMap(name, ns, ok)
}

// mapRoles reads data.mapRoles; false when it is sensitive or unreadable.
func mapRoles(b *builder) ([]awsauth.Role, bool) {
	if b.isSensitive("data") {
		return nil, false
	}
	data, _ := b.attrs["data"].(map[string]any)
	text, ok := data[awsauth.Key].(string)
	if !ok {
		return nil, data != nil
	}
	roles, err := awsauth.Parse(text)
	return roles, err == nil
}

// unknownData reports whether the plan leaves data (or data.mapRoles)
// unknown until apply.
func unknownData(afterUnknown any) bool {
	m, _ := afterUnknown.(map[string]any)
	switch d := m["data"].(type) {
	case bool:
		return d
	case map[string]any:
		v, _ := d[awsauth.Key].(bool)
		return v
	}
	return false
}
