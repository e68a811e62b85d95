package kube

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
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
// fields its properties name; with items, each mapping of the list at
// path.
type schemaLevel struct {
	path   []string
	fields []string
	items  bool
}

// nodePoolV1Levels are the karpenter.sh/v1 NodePool levels checked.
var nodePoolV1Levels = []schemaLevel{
	{nil, objectFields, false},
	{[]string{"spec"}, []string{"disruption", "limits", "replicas", "template", "weight"}, false},
	{[]string{"spec", "template"}, []string{"metadata", "spec"}, false},
	{[]string{"spec", "template", "metadata"}, []string{"annotations", "labels"}, false},
	{[]string{"spec", "template", "spec"}, []string{"expireAfter", "nodeClassRef", "requirements", "startupTaints", "taints", "terminationGracePeriod"}, false},
	{[]string{"spec", "disruption"}, []string{"budgets", "consolidateAfter", "consolidationPolicy"}, false},
	{[]string{"spec", "template", "spec", "nodeClassRef"}, []string{"group", "kind", "name"}, false},
	{[]string{"spec", "template", "spec", "taints"}, taintFields, true},
	{[]string{"spec", "template", "spec", "startupTaints"}, taintFields, true},
	{[]string{"spec", "template", "spec", "requirements"}, []string{"key", "minValues", "operator", "values"}, true},
}

// objectFields are an object's top-level fields (a depends_on written
// inside yamlencode is none of them).
var objectFields = []string{"apiVersion", "kind", "metadata", "spec", "status"}

// taintFields are a NodePool taint's (a core/v1 Taint).
var taintFields = []string{"effect", "key", "timeAdded", "value"}

// ec2NodeClassV1Levels are the karpenter.k8s.aws/v1 EC2NodeClass levels
// checked.
var ec2NodeClassV1Levels = []schemaLevel{
	{nil, objectFields, false},
	{[]string{"spec"}, []string{
		"amiFamily", "amiSelectorTerms", "associatePublicIPAddress", "blockDeviceMappings",
		"capacityReservationSelectorTerms", "connectionTracking", "context", "cpuOptions",
		"detailedMonitoring", "instanceProfile", "instanceStorePolicy", "ipPrefixCount", "kubelet",
		"metadataOptions", "networkInterfaces", "placementGroupSelector", "role",
		"securityGroupSelectorTerms", "subnetSelectorTerms", "tags", "userData",
	}, false},
	{[]string{"spec", "kubelet"}, []string{
		"clusterDNS", "cpuCFSQuota", "evictionHard", "evictionMaxPodGracePeriod", "evictionSoft",
		"evictionSoftGracePeriod", "imageGCHighThresholdPercent", "imageGCLowThresholdPercent",
		"kubeReserved", "maxPods", "podsPerCore", "systemReserved",
	}, false},
	{[]string{"spec", "metadataOptions"}, []string{"httpEndpoint", "httpProtocolIPv6", "httpPutResponseHopLimit", "httpTokens"}, false},
}

// movedInV1 says where a field of the v1beta1 NodePool or the v1alpha1
// AWSNodeTemplate went in v1, by its path.
var movedInV1 = map[string]string{
	"spec.template.spec.kubelet":                 "Karpenter v1 moved it to the EC2NodeClass's spec.kubelet",
	"spec.disruption.expireAfter":                "Karpenter v1 moved it to spec.template.spec.expireAfter",
	"spec.expireAfter":                           "Karpenter v1 reads it at spec.template.spec.expireAfter",
	"spec.template.spec.labels":                  "Karpenter v1 reads node labels at spec.template.metadata.labels",
	"spec.template.spec.nodeClassRef.apiVersion": "Karpenter v1 names the node class's API group instead (group: karpenter.k8s.aws)",
	// A v1alpha5 Provisioner's fields, in an object renamed NodePool.
	"spec.requirements":           "a v1alpha5 Provisioner's field: Karpenter v1 reads it at spec.template.spec.requirements",
	"spec.taints":                 "a v1alpha5 Provisioner's field: Karpenter v1 reads it at spec.template.spec.taints",
	"spec.startupTaints":          "a v1alpha5 Provisioner's field: Karpenter v1 reads it at spec.template.spec.startupTaints",
	"spec.labels":                 "a v1alpha5 Provisioner's field: Karpenter v1 reads it at spec.template.metadata.labels",
	"spec.annotations":            "a v1alpha5 Provisioner's field: Karpenter v1 reads it at spec.template.metadata.annotations",
	"spec.providerRef":            "a v1alpha5 Provisioner's field: Karpenter v1 names the node class at spec.template.spec.nodeClassRef",
	"spec.kubeletConfiguration":   "a v1alpha5 Provisioner's field: Karpenter v1 reads kubelet settings from the EC2NodeClass's spec.kubelet",
	"spec.ttlSecondsAfterEmpty":   "a v1alpha5 Provisioner's field: Karpenter v1 writes spec.disruption.consolidationPolicy: WhenEmpty and consolidateAfter",
	"spec.ttlSecondsUntilExpired": "a v1alpha5 Provisioner's field: Karpenter v1 writes spec.template.spec.expireAfter",
	"spec.consolidation":          "a v1alpha5 Provisioner's field: Karpenter v1 writes spec.disruption.consolidationPolicy",
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
		if len(level.path) == 0 {
			k, m = d.root, d.root
		}
		if !level.items {
			if !v1beta1Ref(level, m) {
				d.unknownKeys(k, m, level.fields, strings.Join(level.path, "."))
			}
			continue
		}
		if m == nil || m.Kind != yaml.SequenceNode {
			continue
		}
		for i, item := range m.Content {
			d.unknownKeys(k, item, level.fields, fmt.Sprintf("%s[%d]", strings.Join(level.path, "."), i))
		}
	}
}

// v1beta1Ref reports whether level is a nodeClassRef and m one written
// the v1beta1 way, with no group (an apiVersion instead): the missing
// group is checkNodeClassRef's finding, not told twice.
func v1beta1Ref(level schemaLevel, m *yaml.Node) bool {
	if len(level.path) == 0 || level.path[len(level.path)-1] != "nodeClassRef" {
		return false
	}
	_, g := lookup(m, "group")
	return g == nil
}

// unknownKeys records the keys of mapping m (at key k, at path at) that
// are not among fields, when every key is final text.
func (d *doc) unknownKeys(k, m *yaml.Node, fields []string, at string) {
	if _, ok := d.writtenKeys(k, m); !ok {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if key := m.Content[i]; !slices.Contains(fields, key.Value) {
			d.unknownField(key, strings.TrimPrefix(at+"."+key.Value, "."))
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
	d.diags = append(d.diags, lint.Diagnostic{Range: d.rangeOf(key), Summary: "unknown field", Detail: detail,
		Hint: "move the field where this version reads it, or delete it; the rest of the object is still read, so chains through it are checked"})
}
