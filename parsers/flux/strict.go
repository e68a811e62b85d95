package flux

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/Masterminds/semver/v3"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// Strict post-build substitution, as kustomize-controller decides it
// (github.com/fluxcd/kustomize-controller at v1.9.x):
//
//   - main.go reads the feature gate StrictPostBuildSubstitutions
//     (internal/features/features.go: "opt-in from v1.3", false, until
//     v1.8.x; "opt-out from v1.9", true, from v1.9.0 — commit 82f09cb
//     "Enable StrictPostBuildSubstitutions by default") from the flag
//     --feature-gates=Name=bool,… (github.com/fluxcd/pkg/runtime/features
//     BindFlags) and hands it to generator.SubstituteWithStrict
//     (internal/controller/kustomization_controller.go).
//   - github.com/fluxcd/pkg/kustomize varSubstitution then maps a variable
//     no source defines to exists=false, and envsubst (template.go
//     evalFunc) fails with `variable not set (strict mode): "NAME"` unless
//     the expression supplies its own fallback (${NAME:=x}, ${NAME:-x},
//     ${NAME+x}, …); the Kustomization's build fails with "post build
//     failed for '<object>': envsubst error: variable substitution failed:
//     …" and nothing of it is applied.
//
// A tree states the mode through the kustomize-controller Deployment it
// holds (flux-system/gotk-components.yaml, as kustomize builds it with the
// tree's patches): its manager container's --feature-gates argument, else
// its image's version. A tree without one, or whose Deployments disagree,
// leaves the mode unknown.

// strictDefaultFrom is the first kustomize-controller version with strict
// substitution on by default.
var strictDefaultFrom = semver.MustParse("1.9.0")

// strictGate is the feature gate's name.
const strictGate = "StrictPostBuildSubstitutions"

// controllerName is the name of the Deployment Flux installs the
// kustomize-controller as.
const controllerName = "kustomize-controller"

// strictMode is what one kustomize-controller Deployment says.
type strictMode struct {
	on, known bool
	// why says where the mode comes from, for messages.
	why string
}

// isController reports whether top is the kustomize-controller
// Deployment.
func isController(top *yaml.Node) bool {
	return str(at(top, "apiVersion")) == "apps/v1" && str(at(top, "kind")) == "Deployment" &&
		str(at(top, "metadata", "name")) == controllerName
}

// controllerMode reads the mode a kustomize-controller Deployment runs
// with: the feature gate when its flag sets it (the last setting wins, as
// with repeated flags), else the default of its image's version.
func controllerMode(f File, top *yaml.Node) strictMode {
	c := managerContainer(top)
	if c == nil {
		return strictMode{}
	}
	pos := rangeOf(f, c)
	where := fmt.Sprintf("%s line %d", path.Base(pos.File), pos.Line)
	gate, set, ok := gateArg(items(at(c, "args")))
	if !ok {
		return strictMode{}
	}
	if set {
		return strictMode{on: gate, known: true, why: fmt.Sprintf("--feature-gates sets %s=%t in the kustomize-controller Deployment (%s)", strictGate, gate, where)}
	}
	v, ok := imageVersion(str(at(c, "image")))
	if !ok {
		return strictMode{}
	}
	on := !v.LessThan(strictDefaultFrom)
	return strictMode{on: on, known: true, why: fmt.Sprintf("kustomize-controller %s (%s) has %s %s by default", v.Original(), where, strictGate, map[bool]string{true: "on", false: "off"}[on])}
}

// managerContainer is the Deployment's container named manager (Flux's),
// else its only container.
func managerContainer(top *yaml.Node) *yaml.Node {
	cs := items(at(top, "spec", "template", "spec", "containers"))
	for _, c := range cs {
		if str(at(c, "name")) == "manager" {
			return c
		}
	}
	if len(cs) == 1 {
		return cs[0]
	}
	return nil
}

// gateArg reads the strict gate from container args: set when an
// argument sets it; ok is false when an argument cannot be read (not a
// plain string, or a value that is not a boolean).
func gateArg(args []*yaml.Node) (gate, set, ok bool) {
	for i, a := range args {
		if a.Kind != yaml.ScalarNode {
			return false, false, false
		}
		text := a.Value
		var list string
		switch {
		case strings.HasPrefix(text, "--feature-gates="):
			list = strings.TrimPrefix(text, "--feature-gates=")
		case text == "--feature-gates" && i+1 < len(args):
			list = args[i+1].Value
		default:
			continue
		}
		for _, kv := range strings.Split(list, ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(kv), "=")
			if k != strictGate {
				continue
			}
			b, err := strconv.ParseBool(v)
			if err != nil {
				return false, false, false
			}
			gate, set = b, true
		}
	}
	return gate, set, true
}

// imageVersion is the release version of an image reference's tag
// (ghcr.io/fluxcd/kustomize-controller:v1.9.2, possibly with a digest);
// ok is false for no tag, a tag that is no version, or a pre-release.
func imageVersion(image string) (*semver.Version, bool) {
	ref, _, _ := strings.Cut(image, "@")
	slash := strings.LastIndex(ref, "/")
	colon := strings.LastIndex(ref, ":")
	if colon <= slash {
		return nil, false
	}
	v, err := semver.NewVersion(ref[colon+1:])
	if err != nil || v.Prerelease() != "" {
		return nil, false
	}
	return v, true
}

// treeMode is the mode of the tree's kustomize-controller Deployments:
// those kustomize builds when there are any (they carry the tree's
// patches), else those written; unknown when there are none or they
// disagree.
func treeMode(built, written []strictMode) strictMode {
	ms := built
	if len(ms) == 0 {
		ms = written
	}
	if len(ms) == 0 {
		return strictMode{}
	}
	for _, m := range ms[1:] {
		if !m.known || m.on != ms[0].on {
			return strictMode{}
		}
	}
	return ms[0]
}

// verdict is the mode as a lint.Tri.
func (m strictMode) verdict() lint.Tri {
	switch {
	case !m.known:
		return lint.Maybe
	case m.on:
		return lint.Yes
	}
	return lint.No
}
