package kube

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The label keys a karpenter.sh/v1 NodePool may require or give its nodes.
// Its CRD (pkg/apis/crds/karpenter.sh_nodepools.yaml of
// aws/karpenter-provider-aws, v1.0.0 through v1.14.1) refuses a
// requirement key that is no label key (its pattern), and, in the
// requirements and in spec.template.metadata.labels alike, the keys of
// Karpenter's own domains it does not list: karpenter.sh but
// karpenter.sh/capacity-type, karpenter.sh/nodepool and
// kubernetes.io/hostname (set by Karpenter and the kubelet), and
// karpenter.k8s.aws but its well-known instance labels. The lists here are
// the union over those releases: a key a later release admits is not
// reported. (The kubernetes.io and k8s.io domain rules of the early v1
// releases were lifted later: not checked.)

// requirementKeyPattern is the CRD's pattern for requirements[].key.
var requirementKeyPattern = regexp.MustCompile(`^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$`)

// requirementKeyMax is the CRD's maxLength for requirements[].key.
const requirementKeyMax = 316

// awsNodeLabels are the karpenter.k8s.aws labels some v1 release admits.
var awsNodeLabels = []string{
	"capacity-reservation-id", "capacity-reservation-interruptible", "capacity-reservation-type",
	"ec2nodeclass", "instance-accelerator-count", "instance-accelerator-manufacturer",
	"instance-accelerator-name", "instance-capability-flex", "instance-category", "instance-cpu",
	"instance-cpu-manufacturer", "instance-cpu-sustained-clock-speed-mhz", "instance-ebs-bandwidth",
	"instance-encryption-in-transit-supported", "instance-family", "instance-generation",
	"instance-gpu-count", "instance-gpu-manufacturer", "instance-gpu-memory", "instance-gpu-name",
	"instance-hypervisor", "instance-local-nvme", "instance-memory", "instance-network-bandwidth",
	"instance-size", "instance-tenancy", "placement-group-id", "placement-group-partition",
}

// restrictedLabel is why a v1 NodePool's schema refuses label key k, ""
// when it admits it (as far as the rules every v1 release has tell).
func restrictedLabel(k string) string {
	// The rules read the domain as the text before the first "/" (the
	// whole key when it has none).
	domain, name, _ := strings.Cut(k, "/")
	switch {
	case k == "karpenter.sh/nodepool":
		return `label "karpenter.sh/nodepool" is restricted`
	case k == "kubernetes.io/hostname":
		return `label "kubernetes.io/hostname" is restricted`
	case strings.HasSuffix(domain, "karpenter.sh") && k != "karpenter.sh/capacity-type":
		return `label domain "karpenter.sh" is restricted`
	case strings.HasSuffix(domain, "karpenter.k8s.aws") && !(domain == "karpenter.k8s.aws" && slices.Contains(awsNodeLabels, name)):
		return `label domain "karpenter.k8s.aws" is restricted`
	}
	return ""
}

// checkNodePoolLabelKeys records the requirement and template label keys
// of a karpenter.sh/v1 NodePool its schema refuses (FL000): the API server
// rejects the object, and no node of the pool exists.
func (d *doc) checkNodePoolLabelKeys() {
	if d.apiVersion != "karpenter.sh/v1" {
		return
	}
	_, reqs := path(d.root, "spec", "template", "spec", "requirements")
	if reqs != nil && reqs.Kind == yaml.SequenceNode {
		for _, item := range reqs.Content {
			_, kn := lookup(item, "key")
			k, ok := scalar(kn)
			if !ok || !d.final(k) {
				continue
			}
			switch {
			case len(k) > requirementKeyMax || !requirementKeyPattern.MatchString(k):
				d.invalid(kn, "invalid requirement key", fmt.Sprintf("%q in %s (%s) spec.template.spec.requirements is no label key (its schema's pattern); the API server rejects the object.", k, d.label(), d.apiVersion))
			case restrictedLabel(k) != "":
				d.invalid(kn, "restricted label", fmt.Sprintf("%s refuses requirement key %q: %s (its schema's rule); the API server rejects the object.", d.label(), k, restrictedLabel(k)))
			}
		}
	}
	_, labels := path(d.root, "spec", "template", "metadata", "labels")
	if labels == nil || labels.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(labels.Content); i += 2 {
		kn := labels.Content[i]
		if k, ok := scalar(kn); ok && d.final(k) && restrictedLabel(k) != "" {
			d.invalid(kn, "restricted label", fmt.Sprintf("%s refuses template label %q: %s (its schema's rule); the API server rejects the object.", d.label(), k, restrictedLabel(k)))
		}
	}
}
