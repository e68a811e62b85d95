package extract

// The kubernetes provider's storage resources, read as the objects it
// creates (resource_kubernetes_storage_class_v1.go,
// structure_persistent_volume_claim.go, structure_persistent_volume_spec.go
// in hashicorp/terraform-provider-kubernetes): what of them faultline
// reads, in the provider's names and the object's.

// clusterMetadata is a cluster-scoped object's metadata block.
var clusterMetadata = providerField{hcl: "metadata", yaml: "metadata", block: true, fields: []providerField{
	{hcl: "name", yaml: "name"}, {hcl: "generate_name", yaml: "generateName"},
	{hcl: "labels", yaml: "labels"}, {hcl: "annotations", yaml: "annotations"},
}}

// storageClassSchema is kubernetes_storage_class(_v1): the provisioner,
// the binding mode (Immediate when not set, the provider's default as
// the API's) and the one allowed_topologies block (MaxItems 1).
var storageClassSchema = []providerField{
	clusterMetadata,
	{hcl: "storage_provisioner", yaml: "provisioner"},
	{hcl: "reclaim_policy", yaml: "reclaimPolicy"},
	{hcl: "volume_binding_mode", yaml: "volumeBindingMode"},
	{hcl: "parameters", yaml: "parameters"},
	{hcl: "allowed_topologies", yaml: "allowedTopologies", block: true, list: true, fields: []providerField{
		{hcl: "match_label_expressions", yaml: "matchLabelExpressions", block: true, list: true, fields: []providerField{
			{hcl: "key", yaml: "key"}, {hcl: "values", yaml: "values"},
		}},
	}},
}

// claimSchema is kubernetes_persistent_volume_claim(_v1).
var claimSchema = []providerField{
	workloadMetadata,
	{hcl: "spec", yaml: "spec", block: true, fields: []providerField{
		{hcl: "access_modes", yaml: "accessModes"}, {hcl: "storage_class_name", yaml: "storageClassName"},
		{hcl: "volume_name", yaml: "volumeName"}, {hcl: "volume_mode", yaml: "volumeMode"}, resourcesField,
	}},
}

// volumeSchema is kubernetes_persistent_volume(_v1): its class, the node
// affinity that pins it (required { node_selector_term { … } }) and the
// claim it is reserved for.
var volumeSchema = []providerField{
	clusterMetadata,
	{hcl: "spec", yaml: "spec", block: true, fields: []providerField{
		{hcl: "capacity", yaml: "capacity"}, {hcl: "access_modes", yaml: "accessModes"},
		{hcl: "persistent_volume_reclaim_policy", yaml: "persistentVolumeReclaimPolicy"},
		{hcl: "storage_class_name", yaml: "storageClassName"}, {hcl: "volume_mode", yaml: "volumeMode"},
		{hcl: "node_affinity", yaml: "nodeAffinity", block: true, fields: []providerField{
			{hcl: "required", yaml: "required", block: true, fields: []providerField{
				{hcl: "node_selector_term", yaml: "nodeSelectorTerms", block: true, list: true, fields: nodeSelectorTermFields},
			}},
		}},
		{hcl: "claim_ref", yaml: "claimRef", block: true, fields: []providerField{
			{hcl: "namespace", yaml: "namespace", def: "default"}, {hcl: "name", yaml: "name"},
		}},
	}},
}

// storageResources are the kubernetes provider's storage resources and
// the object each creates.
var storageResources = map[string]workloadResource{
	"kubernetes_storage_class":              {"storage.k8s.io/v1", "StorageClass", storageClassSchema},
	"kubernetes_storage_class_v1":           {"storage.k8s.io/v1", "StorageClass", storageClassSchema},
	"kubernetes_persistent_volume_claim":    {"v1", "PersistentVolumeClaim", claimSchema},
	"kubernetes_persistent_volume_claim_v1": {"v1", "PersistentVolumeClaim", claimSchema},
	"kubernetes_persistent_volume":          {"v1", "PersistentVolume", volumeSchema},
	"kubernetes_persistent_volume_v1":       {"v1", "PersistentVolume", volumeSchema},
}
