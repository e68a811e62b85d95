package extract

import (
	"encoding/base64"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/zclconf/go-cty/cty"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
)

// maxUserData bounds the user data read as settings: EC2 refuses more
// than 16 KiB (base64 makes that a third larger).
const maxUserData = 32 << 10

// userDataSettings reads the node labels and taints a launch template's
// user data gives the nodes: nodeadm NodeConfig documents (AL2023), else
// Bottlerocket settings.
func (x *extraction) userDataSettings(lt *lint.LaunchTemplate) {
	text, ok := x.userData()
	if !ok {
		return
	}
	var got lint.LaunchTemplate
	if !x.nodeadmSettings(&got, text) {
		x.bottlerocketSettings(&got, text)
	}
	if settingsHoles(&got) {
		return // a label or taint known only at apply: none is taken as read
	}
	for k, v := range got.NodeLabels {
		if lt.NodeLabels == nil {
			lt.NodeLabels = map[string]string{}
		}
		lt.NodeLabels[k] = v
	}
	lt.NodeTaints = append(lt.NodeTaints, got.NodeTaints...)
}

// settingsHoles reports whether a label or taint read from user data
// holds a value known only at apply.
func settingsHoles(lt *lint.LaunchTemplate) bool {
	for k, v := range lt.NodeLabels {
		if lint.HasSentinel(k) || lint.HasSentinel(v) {
			return true
		}
	}
	for _, t := range lt.NodeTaints {
		if lint.HasSentinel(t.Key) || lint.HasSentinel(t.Value) || lint.HasSentinel(t.Effect) {
			return true
		}
	}
	return false
}

// userData is a launch template's user data as text (base64 decoded),
// when it is known statically and within EC2's bound. Values known only
// at apply (the cluster's endpoint and certificate a bootstrap names)
// stay holes in it: base64encode of text holding one is read as that
// text.
func (x *extraction) userData() (string, bool) {
	a := x.attr(nil, "user_data")
	v := eval.GetAttr(x.v, "user_data")
	if a == nil || v == cty.NilVal || v.IsNull() {
		return "", false
	}
	if !v.IsKnown() || v.Type() != cty.String || lint.HasSentinel(v.AsString()) {
		// base64encode(<text with a hole>) is opaque: the text it encodes.
		fc, ok := a.Expr.(*hclsyntax.FunctionCallExpr)
		if !ok || fc.Name != "base64encode" || len(fc.Args) != 1 {
			return "", false
		}
		inner := x.mi.Eval(fc.Args[0], x.extra)
		if inner == cty.NilVal || !inner.IsKnown() || inner.IsNull() || inner.Type() != cty.String || len(inner.AsString()) > maxUserData {
			return "", false
		}
		return inner.AsString(), true
	}
	text := v.AsString()
	if len(text) > maxUserData {
		return "", false
	}
	if b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(text)); err == nil {
		text = string(b)
	}
	return text, true
}

// bottlerocketSettings reads the node labels and taints a launch
// template's user data sets as Bottlerocket settings: TOML (base64 as
// user_data is, or as written) whose [settings.kubernetes.node-labels]
// maps a key to its value and [settings.kubernetes.node-taints] a key to
// "value:Effect" (or a list of them), as Bottlerocket's settings API
// reads them. EKS merges its own settings into a managed node group's
// template user data, so the group's nodes carry both. Nothing is read
// when the user data is not known statically or is not such TOML.
func (x *extraction) bottlerocketSettings(lt *lint.LaunchTemplate, text string) {
	a := x.attr(nil, "user_data")
	var doc map[string]any
	if _, err := toml.Decode(text, &doc); err != nil {
		return
	}
	settings, _ := doc["settings"].(map[string]any)
	k8s, _ := settings["kubernetes"].(map[string]any)
	if k8s == nil {
		return
	}
	rng := x.pos(a)
	if labels, ok := k8s["node-labels"].(map[string]any); ok {
		for k, v := range labels {
			if s, ok := v.(string); ok {
				if lt.NodeLabels == nil {
					lt.NodeLabels = map[string]string{}
				}
				lt.NodeLabels[k] = s
			}
		}
	}
	taints, _ := k8s["node-taints"].(map[string]any)
	keys := make([]string, 0, len(taints))
	for k := range taints {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var specs []string
		switch t := taints[k].(type) {
		case string:
			specs = []string{t}
		case []any:
			for _, e := range t {
				if s, ok := e.(string); ok {
					specs = append(specs, s)
				}
			}
		}
		for _, spec := range specs {
			value, effect, ok := strings.Cut(spec, ":")
			if !ok {
				value, effect = "", spec
			}
			lt.NodeTaints = append(lt.NodeTaints, lint.Taint{Key: k, Value: value, Effect: effect, Range: rng,
				Unknown: effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute"})
		}
	}
}
