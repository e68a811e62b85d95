package extract

import (
	"bufio"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/textproto"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// nodeadmType is the MIME type of the NodeConfig parts of an AL2023
// node's user data (nodeadm reads them; EKS merges its own for a managed
// node group's template).
const nodeadmType = "application/node.eks.aws"

// nodeadmSettings reads the node labels and taints a launch template's
// user data gives AL2023 nodes: the NodeConfig documents (in the parts
// of type application/node.eks.aws of a MIME multipart user data, or the
// user data itself) whose spec.kubelet.flags hold --node-labels and
// --register-with-taints, and whose spec.kubelet.config holds
// registerWithTaints. False when the text holds no NodeConfig.
func (x *extraction) nodeadmSettings(lt *lint.LaunchTemplate, text string) bool {
	var docs []string
	if strings.HasPrefix(strings.TrimSpace(text), "MIME-Version:") || strings.HasPrefix(strings.TrimSpace(text), "Content-Type:") {
		docs = nodeConfigParts(text)
	} else {
		docs = []string{text}
	}
	found := false
	rng := x.pos(x.attr(nil, "user_data"))
	for _, d := range docs {
		dec := yaml.NewDecoder(strings.NewReader(d))
		for {
			var nc nodeConfig
			if err := dec.Decode(&nc); err != nil {
				break
			}
			if nc.Kind != "NodeConfig" || !strings.HasPrefix(nc.APIVersion, "node.eks.aws/") {
				continue
			}
			found = true
			flags := nc.Spec.Kubelet.Flags
			for i, f := range flags {
				name, val, hasVal := strings.Cut(strings.TrimLeft(f, "-"), "=")
				if !hasVal && strings.HasPrefix(f, "-") && i+1 < len(flags) && !strings.HasPrefix(flags[i+1], "-") {
					// The flag and its value as two items: nodeadm joins
					// the flags with spaces, as kubelet reads them.
					val = flags[i+1]
				}
				switch name {
				case "node-labels":
					for _, kv := range strings.Split(val, ",") {
						if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
							if lt.NodeLabels == nil {
								lt.NodeLabels = map[string]string{}
							}
							lt.NodeLabels[k] = v
						}
					}
				case "register-with-taints":
					for _, spec := range strings.Split(val, ",") {
						if t, ok := parseTaintFlag(spec); ok {
							t.Range = rng
							lt.NodeTaints = append(lt.NodeTaints, t)
						}
					}
				}
			}
			for _, t := range nc.Spec.Kubelet.Config.RegisterWithTaints {
				lt.NodeTaints = append(lt.NodeTaints, lint.Taint{Key: t.Key, Value: t.Value, Effect: t.Effect, Range: rng, Unknown: !knownEffect(t.Effect)})
			}
		}
	}
	return found
}

// nodeConfig is the part of nodeadm's NodeConfig read here.
type nodeConfig struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Spec       struct {
		Kubelet struct {
			Flags  []string `yaml:"flags"`
			Config struct {
				RegisterWithTaints []struct {
					Key    string `yaml:"key"`
					Value  string `yaml:"value"`
					Effect string `yaml:"effect"`
				} `yaml:"registerWithTaints"`
			} `yaml:"config"`
		} `yaml:"kubelet"`
	} `yaml:"spec"`
}

// nodeConfigParts are the bodies of the NodeConfig parts of a MIME
// multipart user data (cloud-init's format, which nodeadm reads).
func nodeConfigParts(text string) []string {
	tp := textproto.NewReader(bufio.NewReader(strings.NewReader(text)))
	header, err := tp.ReadMIMEHeader()
	if err != nil && !errors.Is(err, io.EOF) {
		return nil
	}
	mt, params, err := mime.ParseMediaType(header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(mt, "multipart/") || params["boundary"] == "" {
		return nil
	}
	mr := multipart.NewReader(tp.R, params["boundary"])
	var out []string
	for {
		part, err := mr.NextPart()
		if err != nil {
			return out
		}
		if pt, _, err := mime.ParseMediaType(part.Header.Get("Content-Type")); err == nil && pt == nodeadmType {
			if b, err := io.ReadAll(io.LimitReader(part, maxUserData)); err == nil {
				out = append(out, string(b))
			}
		}
	}
}

// parseTaintFlag reads one taint of kubelet's --register-with-taints:
// key=value:Effect or key:Effect.
func parseTaintFlag(spec string) (lint.Taint, bool) {
	kv, effect, ok := strings.Cut(strings.TrimSpace(spec), ":")
	if !ok || kv == "" {
		return lint.Taint{}, false
	}
	key, value, _ := strings.Cut(kv, "=")
	return lint.Taint{Key: key, Value: value, Effect: effect, Unknown: !knownEffect(effect)}, true
}

// knownEffect reports whether effect is a taint effect Kubernetes has.
func knownEffect(effect string) bool {
	return effect == "NoSchedule" || effect == "PreferNoSchedule" || effect == "NoExecute"
}
