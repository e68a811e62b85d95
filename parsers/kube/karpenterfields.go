package kube

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The fields a karpenter.sh/v1 NodePool and a karpenter.k8s.aws/v1
// EC2NodeClass may hold at the levels people write by hand, from their CRDs
// (pkg/apis/crds of aws/karpenter-provider-aws): the union over v1.0.0
// through v1.14.1, so a field some v1 release admits is never reported.
// Neither schema keeps unknown fields at these levels: kubectl (its strict
// field validation is the default), Helm's schema validation and
// server-side apply refuse the object, and an apply without validation
// drops the field silently.

// schemaLevel is one mapping of an object's schema: where it is and the
// fields its properties name.
type schemaLevel struct {
	path   []string
	fields []string
}

// nodePoolV1Levels are the karpenter.sh/v1 NodePool levels checked.
var nodePoolV1Levels = []schemaLevel{
	{[]string{"spec"}, []string{"disruption", "limits", "replicas", "template", "weight"}},
	{[]string{"spec", "template"}, []string{"metadata", "spec"}},
	{[]string{"spec", "template", "metadata"}, []string{"annotations", "labels"}},
	{[]string{"spec", "template", "spec"}, []string{"expireAfter", "nodeClassRef", "requirements", "startupTaints", "taints", "terminationGracePeriod"}},
	{[]string{"spec", "disruption"}, []string{"budgets", "consolidateAfter", "consolidationPolicy"}},
}

// ec2NodeClassV1Levels are the karpenter.k8s.aws/v1 EC2NodeClass levels
// checked.
var ec2NodeClassV1Levels = []schemaLevel{
	{[]string{"spec"}, []string{
		"amiFamily", "amiSelectorTerms", "associatePublicIPAddress", "blockDeviceMappings",
		"capacityReservationSelectorTerms", "connectionTracking", "context", "cpuOptions",
		"detailedMonitoring", "instanceProfile", "instanceStorePolicy", "ipPrefixCount", "kubelet",
		"metadataOptions", "networkInterfaces", "placementGroupSelector", "role",
		"securityGroupSelectorTerms", "subnetSelectorTerms", "tags", "userData",
	}},
	{[]string{"spec", "kubelet"}, []string{
		"clusterDNS", "cpuCFSQuota", "evictionHard", "evictionMaxPodGracePeriod", "evictionSoft",
		"evictionSoftGracePeriod", "imageGCHighThresholdPercent", "imageGCLowThresholdPercent",
		"kubeReserved", "maxPods", "podsPerCore", "systemReserved",
	}},
	{[]string{"spec", "metadataOptions"}, []string{"httpEndpoint", "httpProtocolIPv6", "httpPutResponseHopLimit", "httpTokens"}},
}

// movedInV1 says where a field of the v1beta1 NodePool or the v1alpha1
// AWSNodeTemplate went in v1, by its path.
var movedInV1 = map[string]string{
	"spec.template.spec.kubelet":  "Karpenter v1 moved it to the EC2NodeClass's spec.kubelet",
	"spec.disruption.expireAfter": "Karpenter v1 moved it to spec.template.spec.expireAfter",
	"spec.amiSelector":            "Karpenter v1 selects AMIs with spec.amiSelectorTerms",
	"spec.subnetSelector":         "Karpenter v1 selects subnets with spec.subnetSelectorTerms",
	"spec.securityGroupSelector":  "Karpenter v1 selects security groups with spec.securityGroupSelectorTerms",
}

// checkUnknownFields records the fields of a v1 NodePool or EC2NodeClass
// that no v1 schema declares (FL000). Only a mapping whose keys are all
// final text is judged (doc.writtenKeys). (A kustomize patch, which may
// hold directives such as $retainKeys, is not read as an object.)
func (d *doc) checkUnknownFields(levels []schemaLevel) {
	for _, level := range levels {
		k, m := path(d.root, level.path...)
		if _, ok := d.writtenKeys(k, m); !ok {
			continue
		}
		for i := 0; i+1 < len(m.Content); i += 2 {
			key := m.Content[i]
			if slices.Contains(level.fields, key.Value) {
				continue
			}
			d.unknownField(key, strings.Join(append(slices.Clone(level.path), key.Value), "."))
		}
	}
}

// unknownField records field (a dotted path) at key as one the schema does
// not declare.
func (d *doc) unknownField(key *yaml.Node, field string) {
	detail := fmt.Sprintf("%s (%s) has a field %s its schema does not declare: kubectl, Helm and server-side apply refuse the object, and an apply that skips validation drops the field.", d.label(), d.apiVersion, field)
	if moved := movedInV1[field]; moved != "" {
		detail += " " + moved + "."
	}
	d.invalid(key, "unknown field", detail)
}
