package extract

// The kubernetes provider's workload resources write the object in the
// provider's own schema (hashicorp/terraform-provider-kubernetes,
// kubernetes/schema_pod_spec.go, schema_container.go,
// schema_affinity_spec.go): a snake_case argument or a block per field,
// every list item a block of its own (container, toleration, volume).
// The provider turns it into the Kubernetes object with expandPodSpec
// (structures_pod.go), expandAffinity (structures_affinity.go),
// expandContainers (structures_container.go) and the spec expanders of
// each kind; what follows is what of it faultline reads, in the
// provider's names and the object's.

// workloadMetadata is a namespaced object's metadata block
// (namespacedMetadataSchema): the namespace is "default" when not set.
var workloadMetadata = providerField{hcl: "metadata", yaml: "metadata", block: true, fields: []providerField{
	{hcl: "name", yaml: "name"}, {hcl: "generate_name", yaml: "generateName"},
	{hcl: "namespace", yaml: "namespace", def: "default"},
	{hcl: "labels", yaml: "labels"}, {hcl: "annotations", yaml: "annotations"},
}}

// templateMetadata is a pod template's metadata block (no namespace of
// its own).
var templateMetadata = providerField{hcl: "metadata", yaml: "metadata", block: true, fields: []providerField{
	{hcl: "name", yaml: "name"}, {hcl: "labels", yaml: "labels"}, {hcl: "annotations", yaml: "annotations"},
}}

// requirementFields are a node selector requirement's or a label
// selector expression's (key, operator, values).
var requirementFields = []providerField{{hcl: "key", yaml: "key"}, {hcl: "operator", yaml: "operator"}, {hcl: "values", yaml: "values"}}

// nodeSelectorTermFields are one node_selector_term's
// (expandNodeSelectorTerm).
var nodeSelectorTermFields = []providerField{
	{hcl: "match_expressions", yaml: "matchExpressions", block: true, list: true, fields: requirementFields},
	{hcl: "match_fields", yaml: "matchFields", block: true, list: true, fields: requirementFields},
}

// resourcesField is a container's or claim's resources block: requests
// and limits maps (blocks in the provider's 1.x versions).
var resourcesField = providerField{hcl: "resources", yaml: "resources", block: true, fields: []providerField{
	{hcl: "requests", yaml: "requests", mapOrBlock: true}, {hcl: "limits", yaml: "limits", mapOrBlock: true},
}}

// claimSpec is a persistent volume claim's spec block.
var claimSpec = providerField{hcl: "spec", yaml: "spec", block: true, fields: []providerField{
	{hcl: "access_modes", yaml: "accessModes"}, {hcl: "storage_class_name", yaml: "storageClassName"},
	{hcl: "volume_mode", yaml: "volumeMode"}, resourcesField,
}}

// containerFields are a container's or init container's.
var containerFields = []providerField{
	{hcl: "name", yaml: "name"}, {hcl: "image", yaml: "image"}, resourcesField,
	{hcl: "restart_policy", yaml: "restartPolicy"},
}

// podSpecFields are a pod spec's (expandPodSpec).
var podSpecFields = []providerField{
	{hcl: "service_account_name", yaml: "serviceAccountName"},
	{hcl: "automount_service_account_token", yaml: "automountServiceAccountToken"},
	{hcl: "node_name", yaml: "nodeName"},
	{hcl: "node_selector", yaml: "nodeSelector"},
	{hcl: "priority_class_name", yaml: "priorityClassName"},
	{hcl: "runtime_class_name", yaml: "runtimeClassName"},
	{hcl: "host_network", yaml: "hostNetwork"},
	{hcl: "affinity", yaml: "affinity", block: true, fields: []providerField{
		{hcl: "node_affinity", yaml: "nodeAffinity", block: true, fields: []providerField{
			{hcl: "required_during_scheduling_ignored_during_execution", yaml: "requiredDuringSchedulingIgnoredDuringExecution", block: true, fields: []providerField{
				{hcl: "node_selector_term", yaml: "nodeSelectorTerms", block: true, list: true, fields: nodeSelectorTermFields},
			}},
			{hcl: "preferred_during_scheduling_ignored_during_execution", yaml: "preferredDuringSchedulingIgnoredDuringExecution", block: true, list: true, fields: []providerField{
				{hcl: "weight", yaml: "weight"},
				{hcl: "preference", yaml: "preference", block: true, fields: nodeSelectorTermFields},
			}},
		}},
	}},
	{hcl: "toleration", yaml: "tolerations", block: true, list: true, fields: []providerField{
		{hcl: "key", yaml: "key"}, {hcl: "operator", yaml: "operator"}, {hcl: "value", yaml: "value"}, {hcl: "effect", yaml: "effect"},
	}},
	{hcl: "topology_spread_constraint", yaml: "topologySpreadConstraints", block: true, list: true, fields: []providerField{
		{hcl: "max_skew", yaml: "maxSkew"}, {hcl: "topology_key", yaml: "topologyKey"},
		{hcl: "when_unsatisfiable", yaml: "whenUnsatisfiable"}, {hcl: "min_domains", yaml: "minDomains"},
		{hcl: "label_selector", yaml: "labelSelector", block: true, fields: []providerField{
			{hcl: "match_labels", yaml: "matchLabels"},
			{hcl: "match_expressions", yaml: "matchExpressions", block: true, list: true, fields: requirementFields},
		}},
	}},
	{hcl: "container", yaml: "containers", block: true, list: true, fields: containerFields},
	{hcl: "init_container", yaml: "initContainers", block: true, list: true, fields: containerFields},
	{hcl: "volume", yaml: "volumes", block: true, list: true, fields: []providerField{
		{hcl: "name", yaml: "name"},
		{hcl: "persistent_volume_claim", yaml: "persistentVolumeClaim", block: true, fields: []providerField{
			{hcl: "claim_name", yaml: "claimName"}, {hcl: "read_only", yaml: "readOnly"},
		}},
		{hcl: "ephemeral", yaml: "ephemeral", block: true, fields: []providerField{
			{hcl: "volume_claim_template", yaml: "volumeClaimTemplate", block: true, fields: []providerField{templateMetadata, claimSpec}},
		}},
	}},
}

// podTemplate is a template block: its metadata and pod spec
// (expandPodTemplate).
var podTemplate = providerField{hcl: "template", yaml: "template", block: true, fields: []providerField{
	templateMetadata,
	{hcl: "spec", yaml: "spec", block: true, fields: podSpecFields},
}}

// podTemplateSpec is the spec block of a kind whose spec holds a pod
// template, with the fields of its own listed first.
func podTemplateSpec(own ...providerField) providerField {
	return providerField{hcl: "spec", yaml: "spec", block: true, fields: append(own, podTemplate)}
}

// jobSpec is a Job's spec block (expandJobV1Spec).
var jobSpec = podTemplateSpec()

// workloadResource is a resource type of the kubernetes provider that
// creates a Kubernetes object: the object and how its block reads.
type workloadResource struct {
	apiVersion, kind string
	schema           []providerField
}

var (
	deploymentSchema  = []providerField{workloadMetadata, podTemplateSpec()}
	statefulSetSchema = []providerField{workloadMetadata, podTemplateSpec(
		providerField{hcl: "service_name", yaml: "serviceName"},
		providerField{hcl: "volume_claim_template", yaml: "volumeClaimTemplates", block: true, list: true, fields: []providerField{templateMetadata, claimSpec}},
	)}
	cronJobSchema = []providerField{workloadMetadata, {hcl: "spec", yaml: "spec", block: true, fields: []providerField{
		{hcl: "schedule", yaml: "schedule"},
		{hcl: "job_template", yaml: "jobTemplate", block: true, fields: []providerField{templateMetadata, jobSpec}},
	}}}
	podSchema = []providerField{workloadMetadata, {hcl: "spec", yaml: "spec", block: true, fields: podSpecFields}}
)

// workloadResources are the kubernetes provider's resources that run
// pods and the object each creates (the API group each resource's code
// calls: AppsV1, BatchV1, BatchV1beta1 for kubernetes_cron_job, CoreV1).
var workloadResources = map[string]workloadResource{
	"kubernetes_deployment":      {"apps/v1", "Deployment", deploymentSchema},
	"kubernetes_deployment_v1":   {"apps/v1", "Deployment", deploymentSchema},
	"kubernetes_stateful_set":    {"apps/v1", "StatefulSet", statefulSetSchema},
	"kubernetes_stateful_set_v1": {"apps/v1", "StatefulSet", statefulSetSchema},
	"kubernetes_daemonset":       {"apps/v1", "DaemonSet", deploymentSchema},
	"kubernetes_daemon_set_v1":   {"apps/v1", "DaemonSet", deploymentSchema},
	"kubernetes_job":             {"batch/v1", "Job", []providerField{workloadMetadata, jobSpec}},
	"kubernetes_job_v1":          {"batch/v1", "Job", []providerField{workloadMetadata, jobSpec}},
	"kubernetes_cron_job":        {"batch/v1beta1", "CronJob", cronJobSchema},
	"kubernetes_cron_job_v1":     {"batch/v1", "CronJob", cronJobSchema},
	"kubernetes_pod":             {"v1", "Pod", podSchema},
	"kubernetes_pod_v1":          {"v1", "Pod", podSchema},
}

// workload reads a kubernetes provider resource as the object it
// creates.
func (x *extraction) workload(local string, w workloadResource) {
	x.embedProviderObject(local, w.apiVersion, w.kind, w.schema)
}
