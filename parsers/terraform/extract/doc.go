// Package extract turns what package eval evaluated into the entities of
// the model (roles, node groups, clusters, Helm releases, Kubernetes
// objects written in Terraform, aws-auth mappings, …): its Extractor is
// the eval.Extractor a load evaluates with. Only the attributes the model
// needs are read, so new provider arguments never break anything.
package extract
