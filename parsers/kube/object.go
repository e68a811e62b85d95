package kube

import (
	"fmt"
	"k8s.io/apimachinery/pkg/util/validation"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/kyaml/openapi"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"

	"github.com/faultline-dev/faultline/internal/yamldup"
	"github.com/faultline-dev/faultline/lint"
)

// doc is one manifest document: its top-level mapping and the identity
// fields every object has.
type doc struct {
	file       string
	index      int
	opts       *Options
	scope      lint.Scope
	root       *yaml.Node
	apiVersion string
	kind       string
	kindNode   *yaml.Node
	// targeted is where the namespace is decided when a GitOps tool
	// places the object (Options.TargetNamespace,
	// Options.DestinationNamespace), zero otherwise.
	targeted  lint.Range
	name      string
	nameNode  *yaml.Node
	namespace string
	// diags are problems with the document's own content (an invalid
	// trust policy), reported as FL000 with the entities.
	diags []lint.Diagnostic
}

// parseDocument turns one decoded document into entities: none when it is
// not a Kubernetes object (no apiVersion and kind, or not a mapping).
func parseDocument(file string, index int, n *yaml.Node, opts *Options) ([]lint.Entity, []lint.Diagnostic) {
	d, ok := newDoc(file, index, n, opts)
	if !ok {
		return nil, nil
	}
	dups := d.duplicateKeys(n)
	if d.isAWSAuth() {
		es, diags := d.awsAuth()
		return append(es, dups...), diags
	}
	es := d.entities()
	return append(es, dups...), d.diags
}

// asWritten reports whether the document is a file as written (applied
// with kubectl apply unless something else places it), not rendered
// output or YAML embedded in Terraform.
func (d *doc) asWritten() bool {
	return d.opts.MapRange == nil && (d.opts.Source == "" || d.opts.Source == lint.SourceKubernetes)
}

// duplicateKeys records the keys a manifest as written writes twice in
// one mapping. kubectl apply keeps the last value of each (its
// YAML-to-JSON step, before validation; see internal/yamldup), and so
// does lookup. Only files as written are read so: rendered output and
// YAML embedded in Terraform are not what the user wrote, and documents
// another program reads (an eksctl ClusterConfig, a kustomization) are
// not applied with kubectl.
func (d *doc) duplicateKeys(n *yaml.Node) []lint.Entity {
	if !d.asWritten() {
		return nil
	}
	switch d.kind {
	case "ClusterConfig", "Kustomization", "Component":
		return nil
	}
	_, dups := yamldup.LastWins(n)
	var out []lint.Entity
	for _, x := range dups {
		last, first := d.rangeOf(x.Last), d.rangeOf(x.First)
		out = append(out, &lint.DuplicateKey{
			Object: lint.Object{Kind: lint.KindDuplicateKey, Addr: last.String() + "#" + first.String(), Label: "key " + x.Key,
				Name: lint.Known(x.Key), Range: last, NameRange: last, Source: lint.SourceKubernetes, Scope: d.scope},
			Key: x.Key, Path: x.Path, First: first, Reader: "kubectl apply",
		})
	}
	return out
}

// entities reads the document as the entity its kind makes it.
func (d *doc) entities() []lint.Entity {
	switch {
	case d.is("ClusterConfig", eksctlAPIVersion):
		return d.clusterConfig()
	case d.is("EC2NodeClass", "karpenter.k8s.aws/v1", "karpenter.k8s.aws/v1beta1"):
		return []lint.Entity{d.ec2NodeClass()}
	case d.is("AWSNodeTemplate", "karpenter.k8s.aws/v1alpha1"):
		return []lint.Entity{d.awsNodeTemplate()}
	case d.is("NodeClass", "eks.amazonaws.com/v1"):
		return []lint.Entity{d.autoModeNodeClass()}
	case d.is("NodePool", "karpenter.sh/v1", "karpenter.sh/v1beta1"):
		return []lint.Entity{d.nodePool()}
	case d.is("Provisioner", "karpenter.sh/v1alpha5"):
		return []lint.Entity{d.provisioner()}
	case d.is("ServiceAccount", "v1"):
		if !d.validServiceAccountName() {
			return nil
		}
		return []lint.Entity{d.serviceAccount()}
	case d.is("DeploymentRuntimeConfig", "pkg.crossplane.io/v1beta1"):
		return d.runtimeConfig()
	case d.is("Object", "kubernetes.crossplane.io/v1alpha1", "kubernetes.crossplane.io/v1alpha2", "kubernetes.m.crossplane.io/v1alpha1"):
		return d.crossplaneObject()
	case d.is("StorageClass", "storage.k8s.io/v1", "storage.k8s.io/v1beta1"):
		return []lint.Entity{d.storageClass()}
	case d.is("PersistentVolumeClaim", "v1"):
		return []lint.Entity{d.volumeClaim()}
	case d.is("PersistentVolume", "v1"):
		return []lint.Entity{d.volume()}
	case d.isSecretStore():
		return []lint.Entity{d.secretStore()}
	case workloadSpec(d.apiVersion, d.kind) != nil && !d.rolloutByReference():
		return []lint.Entity{d.workload()}
	case isManagedResource(d.apiVersion):
		return d.managedResource()
	}
	d.unservedKarpenterVersion()
	d.fluxV1Release()
	d.ackResource()
	d.capaResource()
	ko := &lint.KubeObject{
		Object:     d.object(lint.KindObject),
		APIVersion: d.apiVersion,
		KindName:   d.kind,
		Namespace:  d.namespaceValue(),
		Deploys:    d.gitOpsSource(),
	}
	switch {
	case d.is("ScaledObject", "keda.sh/v1alpha1"):
		ko.ScaleTargetKind, ko.ScaleTargetName = d.scaleTarget("scaleTargetRef")
	case d.is("Rollout", "argoproj.io/v1alpha1"):
		// A Rollout by workloadRef (rolloutByReference).
		ko.ScaleTargetKind, ko.ScaleTargetName = d.scaleTarget("workloadRef")
	}
	return []lint.Entity{ko}
}

// scaleTarget reads a reference to a workload at spec.<key> (a KEDA
// ScaledObject's scaleTargetRef, a Rollout's workloadRef): the kind
// (Deployment when not written) and name of the workload; "" when the
// name is not written literally.
func (d *doc) scaleTarget(key string) (kind, name string) {
	_, ref := path(d.root, "spec", key)
	_, nv := lookup(ref, "name")
	name, ok := scalar(nv)
	if !ok || name == "" {
		return "", ""
	}
	_, kv := lookup(ref, "kind")
	if kind, ok = scalar(kv); !ok || kind == "" {
		kind = "Deployment"
	}
	return kind, name
}

// karpenterVersions are the API versions Karpenter serves each of its
// kinds in, by its CRDs of v0.32 and later (v1beta1, v1) and before
// (v1alpha5, v1alpha1).
var karpenterVersions = map[string][]string{
	"NodePool":        {"karpenter.sh/v1", "karpenter.sh/v1beta1"},
	"NodeClaim":       {"karpenter.sh/v1", "karpenter.sh/v1beta1"},
	"Provisioner":     {"karpenter.sh/v1alpha5"},
	"Machine":         {"karpenter.sh/v1alpha5"},
	"EC2NodeClass":    {"karpenter.k8s.aws/v1", "karpenter.k8s.aws/v1beta1"},
	"AWSNodeTemplate": {"karpenter.k8s.aws/v1alpha1"},
}

// karpenterKinds are the kinds Karpenter defines in group: those of
// karpenterVersions, and NodeOverlay (karpenter.sh/v1alpha1, read as
// nothing), sorted.
func karpenterKinds(group string) []string {
	var out []string
	for kind, versions := range karpenterVersions {
		if strings.HasPrefix(versions[0], group+"/") {
			out = append(out, kind)
		}
	}
	if group == "karpenter.sh" {
		out = append(out, "NodeOverlay")
	}
	slices.Sort(out)
	return out
}

// ackKinds are the AWS Controllers for Kubernetes resources whose AWS
// objects the chains run through (by API group): the IAM roles and
// instance profiles, the clusters, node groups, access entries and pod
// identity associations they make.
var ackKinds = map[string][]string{
	"iam.services.k8s.aws": {"Role", "InstanceProfile"},
	"eks.services.k8s.aws": {"Cluster", "Nodegroup", "AccessEntry", "PodIdentityAssociation", "FargateProfile"},
	"ec2.services.k8s.aws": {"SecurityGroup", "LaunchTemplate"},
}

// ackResource notes an AWS Controllers for Kubernetes resource of a kind
// the chains run through: faultline does not read ACK resources, so the
// AWS object it makes is not in the model, and chains through it are not
// checked (Crossplane's are read).
func (d *doc) ackResource() {
	d.unreadResource(ackKinds, "AWS Controllers for Kubernetes", "the AWS object it makes is")
}

// unreadResource notes a resource of kinds (by API group) that faultline
// does not model, of the tool named, saying what it makes that is
// therefore not checked.
func (d *doc) unreadResource(kinds map[string][]string, tool, makes string) {
	group, _, _ := strings.Cut(d.apiVersion, "/")
	if d.opts.Notes == nil || !slices.Contains(kinds[group], d.kind) {
		return
	}
	d.opts.Notes(lint.Note{Kind: lint.Skipped, Range: d.rangeOf(d.kindNode), What: fmt.Sprintf(
		"%s %s (%s) is not read: faultline does not model %s resources, so %s not checked against the rest of the tree",
		d.kind, d.shown(d.name), d.apiVersion, tool, makes)})
}

// capaKinds are the Cluster API Provider AWS resources that make an EKS
// cluster and its capacity (by API group; AWSManagedMachinePool was in the
// exp group before v1beta1): the control plane, managed and self-managed
// machine pools, machine templates.
var capaKinds = map[string][]string{
	"controlplane.cluster.x-k8s.io":       {"AWSManagedControlPlane"},
	"infrastructure.cluster.x-k8s.io":     {"AWSManagedCluster", "AWSManagedMachinePool", "AWSMachinePool", "AWSMachineTemplate", "AWSCluster"},
	"exp.infrastructure.cluster.x-k8s.io": {"AWSManagedMachinePool", "AWSMachinePool"},
}

// capaResource notes a Cluster API Provider AWS resource of capaKinds:
// faultline does not read them, so the cluster, node roles and node groups
// they make are not in the model (an EC2NodeClass sharing a machine pool's
// role is not checked).
func (d *doc) capaResource() {
	d.unreadResource(capaKinds, "Cluster API Provider AWS", "the EKS cluster, node roles and node groups it makes are")
}

// unservedKarpenterVersion notes a Karpenter kind written with an API
// version of Karpenter's groups that does not serve it (a NodePool as
// karpenter.sh/v1alpha5): kubectl refuses it and faultline does not read
// it as capacity, which a run must say rather than drop it silently.
func (d *doc) unservedKarpenterVersion() {
	served, ok := karpenterVersions[d.kind]
	group, _, _ := strings.Cut(d.apiVersion, "/")
	if (group != "karpenter.sh" && group != "karpenter.k8s.aws") || d.opts.Notes == nil {
		return
	}
	_, av := lookup(d.root, "apiVersion")
	if !ok {
		// A kind Karpenter's CRDs do not define in its groups (a
		// NodeClass, which is EKS Auto Mode's, in karpenter.k8s.aws).
		if kinds := karpenterKinds(group); !slices.Contains(kinds, d.kind) {
			d.opts.Notes(lint.Note{Kind: lint.Skipped, Range: d.rangeOf(d.kindNode), What: fmt.Sprintf(
				"%s %s is not read: Karpenter defines no kind %s in %s (its kinds there: %s), so the API server refuses it",
				d.kind, d.name, d.kind, group, strings.Join(kinds, ", "))})
		}
		return
	}
	if slices.Contains(served, d.apiVersion) {
		return
	}
	d.opts.Notes(lint.Note{Kind: lint.Skipped, Range: d.rangeOf(av), What: fmt.Sprintf(
		"Karpenter %s %s is not read: %s serves no %s (Karpenter serves it as %s), so the API server refuses it",
		d.kind, d.name, d.apiVersion, d.kind, strings.Join(served, " or "))})
}

// fluxV1Release notes a HelmRelease of Flux v1's Helm Operator
// (helm.fluxcd.io/v1), which is not read: its chart is not rendered, so
// what it installs takes no part in the model.
func (d *doc) fluxV1Release() {
	if d.kind != "HelmRelease" || d.apiVersion != "helm.fluxcd.io/v1" || d.opts.Notes == nil {
		return
	}
	d.opts.Notes(lint.Note{Kind: lint.Skipped, Range: d.rangeOf(d.kindNode), What: fmt.Sprintf(
		"HelmRelease %s (helm.fluxcd.io/v1, Flux v1's Helm Operator) is not read: its chart is not rendered (Flux v2's helm.toolkit.fluxcd.io HelmRelease is)", d.shown(d.name))})
}

// newDoc reads the identity fields of a document node.
func newDoc(file string, index int, n *yaml.Node, opts *Options) (*doc, bool) {
	if n.Kind != yaml.DocumentNode || len(n.Content) == 0 {
		return nil, false
	}
	root := resolve(n.Content[0])
	if root == nil || root.Kind != yaml.MappingNode {
		return nil, false
	}
	d := &doc{file: file, index: index, opts: opts, scope: opts.Scope, root: root}
	_, av := lookup(root, "apiVersion")
	_, d.kindNode = lookup(root, "kind")
	var ok1, ok2 bool
	d.apiVersion, ok1 = scalar(av)
	d.kind, ok2 = scalar(d.kindNode)
	if !ok1 || !ok2 {
		return nil, false
	}
	_, d.nameNode = path(root, "metadata", "name")
	d.name, _ = scalar(d.nameNode)
	_, ns := path(root, "metadata", "namespace")
	d.namespace, _ = scalar(ns)
	if d.namespace != "" && certainlyClusterScoped(d.apiVersion, d.kind) {
		// The API server keeps no namespace for a cluster-scoped object,
		// whatever metadata.namespace says.
		d.namespace = ""
	}
	switch {
	case opts.TargetNamespace != "" && certainlyNamespaced(d.apiVersion, d.kind):
		d.namespace, d.targeted = opts.TargetNamespace, opts.TargetNamespaceRange
	case d.namespace == "" && opts.DestinationNamespace != "" && certainlyNamespaced(d.apiVersion, d.kind):
		d.namespace, d.targeted = opts.DestinationNamespace, opts.DestinationNamespaceRange
	}
	return d, true
}

// certainlyNamespaced reports whether objects of apiVersion and kind are
// namespaced as kyaml's built-in Kubernetes schema (the one kustomize's
// namespace transformer reads) says: a custom resource's scope comes
// from its CRD, which the tree may not hold (Karpenter's NodePool and
// EC2NodeClass, Crossplane's composite resources are cluster-scoped), so
// a GitOps tool's namespace is given only to kinds known namespaced.
func certainlyNamespaced(apiVersion, kind string) bool {
	namespaced, known := openapi.IsNamespaceScoped(kyaml.TypeMeta{APIVersion: apiVersion, Kind: kind})
	return known && namespaced
}

// karpenterClusterScoped are Karpenter's kinds, every one cluster-scoped
// in its CRDs (karpenter.sh NodePool, NodeClaim and the v1alpha5
// Provisioner; karpenter.k8s.aws EC2NodeClass and the v1alpha1
// AWSNodeTemplate), by API group.
var karpenterClusterScoped = map[string]map[string]bool{
	"karpenter.sh":      {"NodePool": true, "NodeClaim": true, "Provisioner": true},
	"karpenter.k8s.aws": {"EC2NodeClass": true, "AWSNodeTemplate": true},
}

// certainlyClusterScoped reports whether objects of apiVersion and kind
// are cluster-scoped Karpenter kinds, whose labels the messages show.
// kyaml's openapi.IsNamespaceScoped is not asked: it answers a built-in
// kind from a table, but any other kind (every custom resource written
// with a namespace: an Argo CD Application) loads and parses its whole
// built-in schema first, a cost every run with such an object would pay.
func certainlyClusterScoped(apiVersion, kind string) bool {
	group, _, ok := strings.Cut(apiVersion, "/")
	return ok && karpenterClusterScoped[group][kind]
}

// is reports whether the document is kind in one of apiVersions.
func (d *doc) is(kind string, apiVersions ...string) bool {
	if d.kind != kind {
		return false
	}
	for _, v := range apiVersions {
		if d.apiVersion == v {
			return true
		}
	}
	return false
}

// object builds the entity header: address, label, name and ranges.
func (d *doc) object(k lint.Kind) lint.Object {
	// Label and address show a hole as the reference it stands for, never
	// its sentinel: a sentinel's number changes from run to run (the roots
	// are evaluated in parallel), labels and finding keys must not.
	qualified := d.shown(d.name)
	if d.namespace != "" {
		qualified = d.shown(d.namespace) + "/" + qualified
	}
	label := d.kind
	if d.name != "" {
		label += " " + qualified
	}
	source := d.opts.Source
	if source == "" {
		source = lint.SourceKubernetes
	}
	o := lint.Object{
		Kind:     k,
		Addr:     d.file + "#" + strconv.Itoa(d.index) + "/" + d.kind + "/" + qualified,
		Label:    label,
		Name:     lint.Unknown(),
		Range:    d.rangeOf(d.kindNode),
		Source:   source,
		Scope:    d.scope,
		Inferred: append([]string(nil), d.opts.Inferred...),
	}
	o.NameRange = o.Range
	if d.name != "" {
		o.Name = d.decode(d.name)
		o.NameRange = d.rangeOf(d.nameNode)
		o.Aliases = []string{lint.KubeKey(lint.GroupOf(d.apiVersion), d.kind, d.namespace, d.name)}
	}
	_, labels := path(d.root, "metadata", "labels")
	for _, e := range entries(labels) {
		if v, ok := scalar(e.v); ok {
			if o.Labels == nil {
				o.Labels = map[string]string{}
			}
			o.Labels[e.key] = v
		}
	}
	if _, so := path(d.root, "metadata", "annotations", argoSyncOptions); so != nil {
		if v, ok := scalar(so); ok {
			for _, opt := range strings.Split(v, ",") {
				o.NoPrune = o.NoPrune || strings.TrimSpace(opt) == "Prune=false"
			}
		}
	}
	return o
}

// argoSyncOptions is the annotation whose Prune=false keeps Argo CD from
// pruning the object.
const argoSyncOptions = "argocd.argoproj.io/sync-options"

// shown is scalar text as labels show it: a sentinel becomes ${ref}.
func (d *doc) shown(s string) string {
	if lint.HasSentinel(s) {
		return d.decode(s).String()
	}
	return s
}

// decode reads scalar text: a sentinel left by an unknown Terraform value
// (in rendered charts and embedded manifests) becomes its hole again.
func (d *doc) decode(s string) lint.Value {
	if d.opts.Holes != nil && lint.HasSentinel(s) {
		return d.opts.Holes.Decode(s)
	}
	return lint.Known(s)
}

// value returns a scalar's text as a value, or Unknown when the node is not
// a non-empty scalar.
func (d *doc) value(n *yaml.Node) lint.Value {
	if s, ok := scalar(n); ok {
		return d.decode(s)
	}
	return lint.Unknown()
}

// namespaceValue is metadata.namespace, or Unknown when it is not written
// (the namespace is then decided at apply time).
func (d *doc) namespaceValue() lint.Value {
	if d.namespace == "" {
		return lint.Unknown()
	}
	if d.opts.ReleaseNamespace != nil && d.opts.ReleaseNamespaceText != "" && d.namespace == d.opts.ReleaseNamespaceText {
		return *d.opts.ReleaseNamespace
	}
	return d.decode(d.namespace)
}

// namespacedValue is the namespace of a namespaced object Helm installs:
// metadata.namespace, else the release's (Helm creates an object that
// writes none in the release namespace), else Unknown.
func (d *doc) namespacedValue() lint.Value {
	if d.namespace == "" && d.opts.ReleaseNamespace != nil {
		return *d.opts.ReleaseNamespace
	}
	return d.namespaceValue()
}

// rangeOf returns where n is written in the document's file.
func (d *doc) rangeOf(n *yaml.Node) lint.Range {
	r := rangeOf(d.file, n)
	if d.opts.MapRange != nil && n != nil {
		text := ""
		if s := resolve(n); s != nil && s.Kind == yaml.ScalarNode {
			text = s.Value
		}
		r = d.opts.MapRange(r, text)
	}
	return r
}

// pairRange spans a mapping entry from its key to the end of its value.
// When the two map to different places (rendered output: the key to its
// template line, the value to the values key or release argument that
// set it), or the value's end does not follow the key, the pair is its
// key: joining them would make a range that ends before it starts, or
// in another file.
func (d *doc) pairRange(k, v *yaml.Node) lint.Range {
	if k == nil {
		return d.rangeOf(v)
	}
	r, vr := d.rangeOf(k), d.rangeOf(v)
	if vr.IsZero() || vr.File != r.File || vr.EndLine < r.Line || vr.EndLine == r.Line && vr.EndColumn < r.Column {
		return r
	}
	r.EndLine, r.EndColumn = vr.EndLine, vr.EndColumn
	return r
}

// ref reads a reference written as a scalar; an absent, null or empty value
// leaves the reference unset.
func (d *doc) ref(n *yaml.Node) lint.Ref {
	if _, ok := scalar(n); !ok {
		return lint.Ref{}
	}
	return lint.Ref{Value: d.value(n), Range: d.rangeOf(n)}
}

// refAt reads the reference at a key path from the document root.
func (d *doc) refAt(keys ...string) lint.Ref {
	_, v := path(d.root, keys...)
	return d.ref(v)
}

// validServiceAccountName reports whether the ServiceAccount's name is one
// the API server admits (a DNS-1123 subdomain, as apimachinery validates
// it); a name that is not (a template's "<no value>") is FL000, and the
// object is left out: nothing runs as it. A name not final (a
// placeholder) is not judged.
func (d *doc) validServiceAccountName() bool {
	if d.name == "" || d.nameNode == nil || !d.final(d.name) || screamingCase(d.name) {
		return true
	}
	if len(validation.IsDNS1123Subdomain(d.name)) == 0 {
		return true
	}
	d.invalid(d.nameNode, "invalid name", fmt.Sprintf("%q is not a valid ServiceAccount name (a lower-case RFC 1123 subdomain: a-z, 0-9, '-' and '.', starting and ending with a letter or digit, at most 253 characters); the API server rejects the object, and no pod runs as it.", d.name))
	return false
}

// screamingCase reports whether s is written in capitals, digits and
// underscores only (SERVICE_ACCOUNT): the shape of a placeholder a script
// replaces (sed, envsubst without $) before the file is applied, not a
// name anyone gives an object.
func screamingCase(s string) bool {
	upper := false
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9', r == '_':
		default:
			return false
		}
	}
	return upper
}

// serviceAccount reads a v1 ServiceAccount and its IRSA role annotation.
func (d *doc) serviceAccount() *lint.ServiceAccount {
	sa := &lint.ServiceAccount{
		Object:    d.object(lint.KindServiceAccount),
		Namespace: d.namespacedValue(),
		RoleARN:   d.refAt("metadata", "annotations", "eks.amazonaws.com/role-arn"),
	}
	sa.NamespaceRange = d.targeted
	if d.namespace == "" && d.asWritten() {
		// kubectl apply's namespace; the engine takes it back where an
		// Argo CD or Flux destination places the file.
		sa.DefaultNamespace = "default"
	}
	return sa
}

// crossplaneNamespace is where Crossplane runs its packages' pods unless
// installed elsewhere: the namespace its documentation installs it in.
const crossplaneNamespace = "crossplane-system"

// InferredCrossplaneNamespace is the Inferred note of the service account
// a DeploymentRuntimeConfig names.
const InferredCrossplaneNamespace = "Crossplane taken to run its packages in " + crossplaneNamespace + ", the namespace it is installed in by default"

// runtimeConfig reads a Crossplane DeploymentRuntimeConfig: the object
// itself and, when it names one (spec.serviceAccountTemplate.metadata.name),
// the service account the package manager creates for the providers and
// functions that use the config and runs their pods as, in Crossplane's
// namespace (inferred), with the IRSA annotation it gives the account.
func (d *doc) runtimeConfig() []lint.Entity {
	obj := &lint.KubeObject{Object: d.object(lint.KindObject), APIVersion: d.apiVersion, KindName: d.kind, Namespace: d.namespaceValue()}
	if _, run := path(d.root, "spec", "deploymentTemplate", "spec", "template", "spec", "serviceAccountName"); run != nil {
		if s, ok := scalar(run); ok && s != "" {
			v := d.decode(s)
			obj.RunsAs = &v
		}
	}
	out := []lint.Entity{obj}
	_, nameNode := path(d.root, "spec", "serviceAccountTemplate", "metadata", "name")
	name, ok := scalar(nameNode)
	if !ok || name == "" {
		return out
	}
	if _, run := path(d.root, "spec", "deploymentTemplate", "spec", "template", "spec", "serviceAccountName"); run != nil {
		if other, ok := scalar(run); ok && other != "" && other != name {
			return out // the pods run as another account, which Crossplane does not make
		}
	}
	o := d.object(lint.KindServiceAccount)
	o.Addr += "#serviceaccount"
	o.Name, o.NameRange = d.decode(name), d.rangeOf(nameNode)
	o.Label = fmt.Sprintf("service account %s/%s (DeploymentRuntimeConfig %s)", crossplaneNamespace, d.shown(name), d.shown(d.name))
	o.Inferred = append(append([]string(nil), o.Inferred...), InferredCrossplaneNamespace)
	o.Aliases = nil
	if n, known := o.Name.Str(); known {
		o.Aliases = []string{lint.KubeKey("", "ServiceAccount", crossplaneNamespace, n)}
	}
	out = append(out, &lint.ServiceAccount{
		Object:    o,
		Namespace: lint.Known(crossplaneNamespace),
		RoleARN:   d.refAt("spec", "serviceAccountTemplate", "metadata", "annotations", "eks.amazonaws.com/role-arn"),
		Via:       "DeploymentRuntimeConfig " + d.shown(d.name),
	})
	return out
}

// crossplaneObject reads a Crossplane provider-kubernetes Object: the
// object itself, and the manifest it applies (spec.forProvider.manifest)
// read as a document of the file, at its own lines, with its own kind
// (an EC2NodeClass, a ServiceAccount). The cluster it is applied to is
// the one the Object's ProviderConfig names, as a Flux or Argo CD
// destination is taken to be the tree's.
func (d *doc) crossplaneObject() []lint.Entity {
	out := []lint.Entity{&lint.KubeObject{Object: d.object(lint.KindObject), APIVersion: d.apiVersion, KindName: d.kind, Namespace: d.namespaceValue()}}
	_, manifest := path(d.root, "spec", "forProvider", "manifest")
	if manifest = resolve(manifest); manifest == nil || manifest.Kind != yaml.MappingNode {
		return out
	}
	inner := &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{manifest}, Line: manifest.Line, Column: manifest.Column}
	es, diags := parseDocument(d.file, d.index, inner, d.opts)
	d.diags = append(d.diags, diags...)
	return append(out, es...)
}

// workloadKinds are the objects that run pods, by kind, with the API
// versions read and the path from the object to its pod spec.
var workloadKinds = map[string]struct {
	apiVersions []string
	podSpec     []string
}{
	"Deployment":  {[]string{"apps/v1", "apps/v1beta2", "apps/v1beta1", "extensions/v1beta1"}, []string{"spec", "template", "spec"}},
	"StatefulSet": {[]string{"apps/v1", "apps/v1beta2", "apps/v1beta1"}, []string{"spec", "template", "spec"}},
	"DaemonSet":   {[]string{"apps/v1", "apps/v1beta2", "extensions/v1beta1"}, []string{"spec", "template", "spec"}},
	"ReplicaSet":  {[]string{"apps/v1", "apps/v1beta2", "extensions/v1beta1"}, []string{"spec", "template", "spec"}},
	"Job":         {[]string{"batch/v1"}, []string{"spec", "template", "spec"}},
	"CronJob":     {[]string{"batch/v1", "batch/v1beta1"}, []string{"spec", "jobTemplate", "spec", "template", "spec"}},
	"Pod":         {[]string{"v1"}, []string{"spec"}},
	// KEDA's ScaledJob makes a Job of its spec.jobTargetRef (a Job's
	// spec) for each batch of events: its pods run as that template says.
	"ScaledJob": {[]string{"keda.sh/v1alpha1"}, []string{"spec", "jobTargetRef", "template", "spec"}},
	// Self-hosted GitHub Actions runners. Actions Runner Controller's
	// scale set runs its runner pods from spec.template (a pod
	// template); the older summerwind controller's RunnerSet is a
	// StatefulSet's spec, and its RunnerDeployment's template spec is a
	// runner spec: a pod spec's scheduling fields, with the runner
	// container's resources at its top (runnerContainers).
	// An Argo Rollouts Rollout runs its spec.template as a Deployment
	// does (one that references a Deployment's template instead,
	// workloadRef, is no workload of its own: rolloutByReference).
	"Rollout":              {[]string{"argoproj.io/v1alpha1"}, []string{"spec", "template", "spec"}},
	"AutoscalingRunnerSet": {[]string{"actions.github.com/v1alpha1"}, []string{"spec", "template", "spec"}},
	"RunnerSet":            {[]string{"actions.summerwind.dev/v1alpha1"}, []string{"spec", "template", "spec"}},
	"RunnerDeployment":     {[]string{"actions.summerwind.dev/v1alpha1"}, []string{"spec", "template", "spec"}},
}

// rolloutByReference reports whether the document is an Argo Rollouts
// Rollout that runs the pod template of a Deployment it references
// (spec.workloadRef): that Deployment is the workload.
func (d *doc) rolloutByReference() bool {
	if d.kind != "Rollout" {
		return false
	}
	k, _ := path(d.root, "spec", "workloadRef")
	return k != nil
}

// workloadSpec returns the path to the pod spec of a workload kind, nil
// for anything else.
func workloadSpec(apiVersion, kind string) []string {
	w, ok := workloadKinds[kind]
	if !ok {
		return nil
	}
	for _, v := range w.apiVersions {
		if v == apiVersion {
			return w.podSpec
		}
	}
	return nil
}

// workload reads an object that runs pods, the service account they run
// as (serviceAccountName, else the deprecated serviceAccount; unset means
// "default") and what the pods ask of a node.
func (d *doc) workload() *lint.Workload {
	spec := workloadSpec(d.apiVersion, d.kind)
	w := &lint.Workload{Object: d.object(lint.KindWorkload), KindName: d.kind, Namespace: d.namespacedValue()}
	if d.namespace == "" && d.asWritten() {
		// kubectl apply's namespace (cli-runtime's SetNamespace with
		// the context's namespace); the engine takes it back where an
		// Argo CD or Flux destination places the file.
		w.DefaultNamespace = "default"
	}
	switch d.kind {
	case "Deployment", "StatefulSet", "ReplicaSet", "ReplicationController", "Rollout":
		_, rv := path(d.root, "spec", "replicas")
		n, ok := integer(rv)
		w.NoReplicas = ok && n == 0
	}
	w.ServiceAccount = d.refAt(append(append([]string(nil), spec...), "serviceAccountName")...)
	if !w.ServiceAccount.IsSet() {
		w.ServiceAccount = d.refAt(append(append([]string(nil), spec...), "serviceAccount")...)
	}
	w.Pod = d.podScheduling(spec)
	return w
}
