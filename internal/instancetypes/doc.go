// Package instancetypes holds facts about EC2 instance types (vCPU, memory,
// architecture, GPUs, ENI-limited max pods), the labels a node of a type
// carries, and the allocatable arithmetic of the EKS AMIs and Karpenter, so
// that the capacity rules can tell "requests exceed what any allowed
// instance can allocate". Nothing is looked up over the network: the table
// in zz_generated.go is generated from public sources and committed.
//
// Sources (the exact commits are cited in zz_generated.go's header):
//   - kubernetes/autoscaler cluster-autoscaler/cloudprovider/aws/ec2_instance_types.go:
//     the instance types, vCPU, memory, GPU count and architecture;
//   - awslabs/amazon-eks-ami nodeadm/internal/kubelet/instance-info.jsonl
//     (and, for the types it no longer lists, the last eni-max-pods.txt):
//     the ENI-limited max pods, defaultMaxENIs*(ipv4AddressesPerInterface-1)+2;
//   - aws/karpenter-provider-aws website/content/en/docs/reference/instance-types.md:
//     GPU manufacturer, name and memory as Karpenter labels them, and the
//     types the autoscaler's list lacks.
//
// Regenerate with the commands in scripts/instancetypes/README.md
// (go run -tags devtools ./scripts/instancetypes ...).
package instancetypes
