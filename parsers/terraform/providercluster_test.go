package terraform

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// providerClusterBase declares two clusters, a lookup of one by name and a
// child module making a release through whichever helm provider it gets.
const providerClusterBase = `
resource "aws_eks_cluster" "red" {
  name     = "orders-red"
  role_arn = "arn:aws:iam::302918475610:role/orders-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f4a5b60781"]
  }
}

resource "aws_eks_cluster" "blue" {
  name     = "orders-blue"
  role_arn = "arn:aws:iam::302918475610:role/orders-control-plane"
  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f4a5b60781"]
  }
}

data "aws_eks_cluster_auth" "blue" {
  name = aws_eks_cluster.blue.name
}

variable "unset_cluster" {
  type = string
}

data "aws_eks_cluster" "unset" {
  name = var.unset_cluster
}

resource "kubernetes_namespace_v1" "orders" {
  provider = kubernetes.target
  metadata {
    name = "orders"
  }
}
`

// TestProviderClusterPlacesObjects checks that a kubernetes provider
// configuration's connection places the objects made through it in the
// cluster it names, each way a configuration names one, and nowhere when
// it names none that is known.
func TestProviderClusterPlacesObjects(t *testing.T) {
	cases := []struct {
		name, provider, want string
	}{
		{"endpoint of a declared cluster", `host = aws_eks_cluster.red.endpoint`, "orders-red"},
		{"endpoint beside a certificate", `host = aws_eks_cluster.blue.endpoint
  cluster_ca_certificate = base64decode(aws_eks_cluster.blue.certificate_authority[0].data)`, "orders-blue"},
		{"token of a lookup by name", `token = data.aws_eks_cluster_auth.blue.token`, "orders-blue"},
		{"aws eks get-token", `exec {
    api_version = "client.authentication.k8s.io/v1beta1"
    command     = "aws"
    args        = ["--region", "us-east-2", "eks", "get-token", "--cluster-name", "orders-red"]
  }`, "orders-red"},
		{"aws eks get-token, name after =", `exec {
    api_version = "client.authentication.k8s.io/v1beta1"
    command     = "/usr/local/bin/aws"
    args        = ["eks", "get-token", "--cluster-name=orders-blue"]
  }`, "orders-blue"},
		{"get-token of a cluster's name", `exec {
    api_version = "client.authentication.k8s.io/v1beta1"
    command     = "aws"
    args        = ["eks", "get-token", "--cluster-name", aws_eks_cluster.blue.id]
  }`, "orders-blue"},
		{"aws-iam-authenticator", `exec {
    api_version = "client.authentication.k8s.io/v1beta1"
    command     = "aws-iam-authenticator"
    args        = ["token", "-i", "orders-red"]
  }`, "orders-red"},
		{"another program's -i", `exec {
    api_version = "client.authentication.k8s.io/v1beta1"
    command     = "kubelogin"
    args        = ["get-token", "-i", "orders-red"]
  }`, ""},
		{"a lookup whose name is not known", `host = data.aws_eks_cluster.unset.endpoint`, ""},
		{"a kubeconfig context", `config_path = "~/.kube/config"
  config_context = "orders-red"`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := loadTree(t, map[string]string{"main.tf": providerClusterBase + `
provider "kubernetes" {
  alias = "target"
  ` + c.provider + `
}
`})
			found := false
			for _, e := range res.Entities {
				if ns, ok := e.(*lint.KubeObject); ok && ns.Label == "kubernetes_namespace_v1.orders" {
					found = true
					if ns.Scope.Cluster != c.want {
						t.Errorf("namespace placed in cluster %q, want %q", ns.Scope.Cluster, c.want)
					}
				}
			}
			if !found {
				t.Fatal("the namespace resource made no entity")
			}
		})
	}
}

// TestProviderClusterThroughModuleCalls checks that a release in a child
// module is placed in the cluster of the configuration its call passes
// down (an aliased one by its providers map, the default one inherited),
// and that a helm provider's kubernetes block (v2) and attribute (v3)
// are both read.
func TestProviderClusterThroughModuleCalls(t *testing.T) {
	release := `resource "helm_release" "api" {
  name      = "api"
  namespace = "orders"
  chart     = "oci://registry.example.com/charts/api"
  version   = "1.4.0"
}
`
	res := loadTree(t, map[string]string{
		"main.tf": providerClusterBase + `
provider "helm" {
  kubernetes {
    host = aws_eks_cluster.red.endpoint
  }
}

provider "helm" {
  alias = "blue"
  kubernetes = {
    host = aws_eks_cluster.blue.endpoint
  }
}

provider "kubernetes" {
  alias = "target"
}

module "inherited" {
  source = "./app"
}

module "passed" {
  source    = "./app"
  providers = { helm = helm.blue }
}
`,
		"app/main.tf": release,
	})
	want := map[string]string{"module.inherited.helm_release.api": "orders-red", "module.passed.helm_release.api": "orders-blue"}
	for _, e := range res.Entities {
		if rel, ok := e.(*lint.Release); ok {
			if w, listed := want[rel.Label]; listed {
				if rel.Scope.Cluster != w {
					t.Errorf("%s placed in cluster %q, want %q", rel.Label, rel.Scope.Cluster, w)
				}
				delete(want, rel.Label)
			}
		}
	}
	for label := range want {
		t.Errorf("no release %s", label)
	}
}
