package extract

// argoSchema is what of an argocd_application the release finder reads
// (expandApplication in argoproj-labs/terraform-provider-argocd's
// structure_application.go): the metadata, the project, the destination
// and the sources with their Helm, Kustomize and directory settings. The
// rest (sync policy, ignored differences, info) decides nothing
// faultline checks. One source is written spec.source, as the provider
// reads its state back (flattenApplicationSpec).
var argoSchema = []providerField{
	{hcl: "metadata", yaml: "metadata", block: true, fields: []providerField{
		{hcl: "name", yaml: "name"}, {hcl: "namespace", yaml: "namespace"},
		{hcl: "labels", yaml: "labels"}, {hcl: "annotations", yaml: "annotations"},
	}},
	{hcl: "spec", yaml: "spec", block: true, fields: []providerField{
		{hcl: "project", yaml: "project"},
		{hcl: "destination", yaml: "destination", block: true, fields: []providerField{
			{hcl: "server", yaml: "server"}, {hcl: "namespace", yaml: "namespace"}, {hcl: "name", yaml: "name"},
		}},
		{hcl: "source", yaml: "sources", block: true, list: true, one: "source", fields: []providerField{
			{hcl: "repo_url", yaml: "repoURL"}, {hcl: "path", yaml: "path"}, {hcl: "chart", yaml: "chart"},
			{hcl: "target_revision", yaml: "targetRevision"}, {hcl: "ref", yaml: "ref"},
			{hcl: "helm", yaml: "helm", block: true, fields: []providerField{
				{hcl: "release_name", yaml: "releaseName"},
				{hcl: "value_files", yaml: "valueFiles"},
				{hcl: "ignore_missing_value_files", yaml: "ignoreMissingValueFiles"},
				{hcl: "values", yaml: "values", text: true},
				{hcl: "parameter", yaml: "parameters", block: true, list: true, fields: []providerField{
					{hcl: "name", yaml: "name"}, {hcl: "value", yaml: "value"}, {hcl: "force_string", yaml: "forceString"},
				}},
				{hcl: "file_parameter", yaml: "fileParameters", block: true, list: true, fields: []providerField{
					{hcl: "name", yaml: "name"}, {hcl: "path", yaml: "path"},
				}},
			}},
			{hcl: "kustomize", yaml: "kustomize", block: true, fields: []providerField{
				{hcl: "name_prefix", yaml: "namePrefix"}, {hcl: "name_suffix", yaml: "nameSuffix"},
				{hcl: "version", yaml: "version"}, {hcl: "images", yaml: "images"},
				{hcl: "common_labels", yaml: "commonLabels"}, {hcl: "common_annotations", yaml: "commonAnnotations"},
			}},
			{hcl: "directory", yaml: "directory", block: true, fields: []providerField{
				{hcl: "recurse", yaml: "recurse"}, {hcl: "include", yaml: "include"}, {hcl: "exclude", yaml: "exclude"},
				{hcl: "jsonnet", yaml: "jsonnet", block: true, fields: []providerField{
					{hcl: "libs", yaml: "libs"},
				}},
			}},
			// A config management plugin generates what the source
			// deploys: its presence is what counts.
			{hcl: "plugin", yaml: "plugin", block: true, fields: []providerField{
				{hcl: "name", yaml: "name"},
			}},
		}},
	}},
}

// argoApplication reads an argocd_application as the Application the
// provider creates from it, YAML embedded in Terraform like a
// kubernetes_manifest's: the release finder reads its Helm sources and
// destination, each line placed where the argument or block writing it
// is, a helm values string line by line where that is written.
func (x *extraction) argoApplication(local string) {
	x.embedProviderObject(local, "argoproj.io/v1alpha1", "Application", argoSchema)
}
