// Package eksaddons holds what faultline knows of EKS add-ons: the
// service account each one that takes an IAM role runs its AWS-calling
// component as. The Terraform (aws_eks_addon) and eksctl (addons)
// readers share it.
package eksaddons

// Account is the service account an add-on runs as.
type Account struct{ Namespace, Name string }

// accounts are fixed by each add-on (AWS documents them for each add-on
// that takes an IAM role: "Amazon EBS CSI driver" → "Step 1: Create an
// IAM role", "Amazon VPC CNI" → "Configure to use IRSA", "Amazon EFS CSI
// driver", "Deploy the FSx for Lustre driver", "Mountpoint for Amazon S3
// CSI driver", "Amazon CloudWatch
// Observability" in the EKS user guide, and `aws eks
// describe-addon-configuration` podIdentityConfiguration).
var accounts = map[string]Account{
	"aws-ebs-csi-driver":              {"kube-system", "ebs-csi-controller-sa"},
	"aws-efs-csi-driver":              {"kube-system", "efs-csi-controller-sa"},
	"aws-fsx-csi-driver":              {"kube-system", "fsx-csi-controller-sa"},
	"aws-mountpoint-s3-csi-driver":    {"kube-system", "s3-csi-driver-sa"},
	"vpc-cni":                         {"kube-system", "aws-node"},
	"amazon-cloudwatch-observability": {"amazon-cloudwatch", "cloudwatch-agent"},
}

// AccountOf is the service account add-on name runs as, if known.
func AccountOf(name string) (Account, bool) {
	a, ok := accounts[name]
	return a, ok
}
