package kept

import "github.com/faultline-dev/faultline/lint"

// Embedded is Kubernetes YAML written inside Terraform (kubectl_manifest,
// kubernetes_manifest, kubectl documents). The engine reads it with the
// manifest parser; Map points every range back into the Terraform source.
type Embedded struct {
	// Addr is the Terraform address that holds the YAML.
	Addr string
	// Root is the root module directory of Addr (lint.Object.Root), for
	// the objects read from Content.
	Root string
	// File is the .tf file (as reported) the YAML is written in.
	File    string
	Content []byte
	// Map is the source range of a range in Content (SetMap sets it).
	Map func(r lint.Range, text string) lint.Range
	// Inferred is copied to every object read from Content: the resource
	// holding it exists only if created (its count is unknown).
	Inferred []string
	// DependsOn are the Addrs the resource holding it explicitly depends
	// on (lint.Object.DependsOn), for the objects read from Content.
	DependsOn []string
	// Passed, when set, gives for a range Map returned the module
	// arguments that carry the value interpolated there into the module
	// (lint.Ref.Passed), outermost last; nil when none (SetPassed sets
	// it).
	Passed func(r lint.Range) []lint.Location
	// SubstitutionSource marks a ConfigMap written as a Terraform
	// resource's data (kubernetes_config_map…): read only as a source of
	// Flux's variable substitution, not as a manifest (the resource is
	// its own entity).
	SubstitutionSource bool
	// AddsData marks a SubstitutionSource whose data is written into a
	// ConfigMap made elsewhere (kubernetes_config_map_v1_data): its keys
	// join that ConfigMap's, it is not a ConfigMap of its own.
	AddsData bool
	// DataUnknown marks a SubstitutionSource whose data is known only at
	// apply: Content holds none.
	DataUnknown bool
	// Namespace is the namespace the resource applies its namespaced
	// objects in, "" when it places none: with NamespaceOverride every
	// such object is in it (kubectl_manifest's override_namespace),
	// else those that write none (the kubectl provider's "default").
	// NamespaceRange is where it is decided.
	Namespace         string
	NamespaceOverride bool
	NamespaceRange    lint.Range
	// Cluster is the name of the EKS cluster the resource's provider
	// configuration connects to, "" when not known (lint.Scope.Cluster of
	// the objects read from Content).
	Cluster string
	// pos and parts are what Map and Passed apply: data, so that an
	// Embedded can be stored (codec.go).
	pos   *PositionMap
	parts []PassedPart
}
