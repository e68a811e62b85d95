//go:build devtools

// Command instancetypes writes internal/instancetypes/zz_generated.go, the
// table of EC2 instance facts (vCPU, memory, architecture, GPU, ENI-limited
// max pods) faultline's capacity rules read, from files exported from public
// repositories. Only facts (names and numbers) are carried over, never code.
//
// Inputs, each a file and the label that cites it (repository, commit, path):
//
//	-autoscaler FILE   kubernetes/autoscaler cluster-autoscaler/cloudprovider/aws/ec2_instance_types.go
//	                   (required: every type it lists is in the table)
//	-instance-info FILE  awslabs/amazon-eks-ami nodeadm/internal/kubelet/instance-info.jsonl
//	-eni-max-pods FILE   awslabs/amazon-eks-ami eni-max-pods.txt (fills types instance-info lacks)
//	-karpenter-doc FILE  aws/karpenter-provider-aws website/content/en/docs/reference/instance-types.md
//	                   (GPU manufacturer, name and memory; types the autoscaler lacks)
//
// See README.md beside this file for the exact commands that regenerate the
// committed table.
//
// Built only with the devtools build tag (go run -tags devtools ./scripts/instancetypes):
// `go install ./...`, which pre-commit's golang hook runs, builds the
// product alone. The code is in internal/devtools/instancetypesgen.
package main

import "github.com/faultline-dev/faultline/internal/devtools/instancetypesgen"

func main() { instancetypesgen.Main() }
