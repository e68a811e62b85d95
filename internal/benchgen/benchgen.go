// Package benchgen writes a large, realistic, deterministic infrastructure
// monorepo for benchmarks and end-to-end tests: per team, Terraform root
// modules for a dev and a prod environment (variables, tfvars, locals, an
// aws provider with default_tags, the node IAM role and instance profile,
// security groups, launch templates, EKS node groups with count / for_each,
// some through the shared local module modules/node-group, and a tail of
// unrelated resources), and the team's Kubernetes manifests (Karpenter
// EC2NodeClass and NodePool, Deployments, ServiceAccounts; multi-document).
// Unless turned off, each team also has a local Helm chart installed per
// environment (by Terraform, Argo CD or helmfile, see InstallerOf), every
// root module a release of a remote chart (not rendered offline), every
// team a kustomization overlay per environment over shared bases and a
// component, and Crossplane claims of the platform's two compositions.
//
// A fraction of the teams (every ShareEvery-th) point their prod
// EC2NodeClass at the node groups' IAM role, so FL101 fires for exactly
// those teams (Stats.SharingTeams). The output depends only on Options.
package benchgen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Options size the tree.
type Options struct {
	// Teams is the number of teams; each has two root modules (dev, prod).
	Teams int
	// ResourcesPerModule is the number of resource instances each root
	// module declares itself (module calls not counted); an unrelated tail
	// (S3 buckets, log groups, queues, ...) fills up to it. The core
	// (IAM, security groups, node groups) is never cut, so small values
	// give the core only (about 14 to 20 instances).
	ResourcesPerModule int
	// ShareEvery makes every ShareEvery-th team (team index % ShareEvery ==
	// ShareEvery-1) share its node role with Karpenter. 0 means 20 (5 %);
	// a negative value means no team shares.
	ShareEvery int
	// AppsPerEnv is the number of Deployments (each with a ServiceAccount,
	// a Service and a ConfigMap) per team and environment. 0 means 3.
	AppsPerEnv int
	// NoCharts leaves out the teams' local Helm charts and their releases.
	NoCharts bool
	// NoRemoteReleases leaves out the remote chart release of every root
	// module.
	NoRemoteReleases bool
	// NoKustomize leaves out the shared bases and the overlays.
	NoKustomize bool
	// NoCompositions leaves out the Crossplane definitions, compositions
	// and claims.
	NoCompositions bool
}

// Classic is the tree before charts, releases, kustomizations and
// compositions: Terraform and plain manifests only.
func (o Options) Classic() Options {
	o.NoCharts, o.NoRemoteReleases, o.NoKustomize, o.NoCompositions = true, true, true, true
	return o
}

// Stats describe what was written.
type Stats struct {
	// Modules is what the engine evaluates: root modules plus local module
	// instances (each for_each / count instance counts).
	Modules         int
	RootModules     int
	ModuleInstances int
	// Resources are managed resource instances after count / for_each
	// expansion, in root modules and module instances (data sources and
	// registry modules not counted).
	Resources int
	// NodeGroups and NodeClasses are the model entities the rules pair up.
	NodeGroups  int
	NodeClasses int
	// KubeDocs are the YAML documents written.
	KubeDocs int
	TFFiles  int // .tf and .tfvars files
	// YAMLFiles are the YAML files the linter reads itself (chart
	// metadata and values, kustomization files, manifests).
	YAMLFiles int
	// ChartTemplates are the files under a chart's templates/ (the chart
	// renders them; they are not read as files).
	ChartTemplates int
	Bytes          int64
	// Charts are the local charts; ChartReleases the releases installing
	// them (each rendered); RemoteReleases the releases of remote charts.
	Charts, ChartReleases, RemoteReleases int
	// KustomizeBases are the shared bases; Kustomizations the overlays
	// (the roots that render).
	KustomizeBases, Kustomizations int
	// Compositions are the Crossplane compositions; Claims the claims of
	// them; Composed the managed resources the claims compose.
	Compositions, Claims, Composed int
	// SharingTeams are the teams whose prod EC2NodeClass uses the node
	// group role ("team007"), in order.
	SharingTeams []string
}

// Files is every input file the linter reads itself (README.md and chart
// templates not counted).
func (s Stats) Files() int { return s.TFFiles + s.YAMLFiles }

// Written is every file written: the input files, the chart templates and
// README.md.
func (s Stats) Written() int { return s.Files() + s.ChartTemplates + 1 }

// Defaults fills zero options.
func (o Options) withDefaults() Options {
	if o.ShareEvery == 0 {
		o.ShareEvery = 20
	}
	if o.AppsPerEnv == 0 {
		o.AppsPerEnv = 3
	}
	return o
}

// Shares reports whether team i (0-based) shares its node role with
// Karpenter.
func (o Options) Shares(i int) bool {
	o = o.withDefaults()
	return o.ShareEvery > 0 && i%o.ShareEvery == o.ShareEvery-1
}

// TeamName names team i ("team007" for i = 7).
func TeamName(i int) string { return fmt.Sprintf("team%03d", i) }

// Envs are the environments of every team.
var Envs = []string{"dev", "prod"}

type writer struct {
	dir   string
	stats Stats
	err   error
}

func (w *writer) file(rel, content string) {
	if w.err != nil {
		return
	}
	p := filepath.Join(w.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		w.err = err
		return
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		w.err = err
		return
	}
	w.stats.Bytes += int64(len(content))
	switch {
	case strings.Contains(rel, "/templates/"):
		w.stats.ChartTemplates++
	case strings.HasSuffix(rel, ".yaml"):
		w.stats.YAMLFiles++
		w.stats.KubeDocs += strings.Count(content, "\n---\n") + 1
	case strings.HasSuffix(rel, ".tf"), strings.HasSuffix(rel, ".tfvars"):
		w.stats.TFFiles++
	}
}

// Generate writes the tree into dir (created if needed; existing files of
// the same names are overwritten).
func Generate(dir string, opts Options) (Stats, error) {
	if opts.Teams < 1 {
		return Stats{}, fmt.Errorf("benchgen: Teams must be at least 1")
	}
	opts = opts.withDefaults()
	w := &writer{dir: dir}
	w.file("README.md", readme)
	w.file("modules/node-group/variables.tf", nodeGroupVariables)
	w.file("modules/node-group/main.tf", nodeGroupMain)
	w.file("modules/node-group/outputs.tf", nodeGroupOutputs)
	w.file("modules/node-group/versions.tf", versionsTF("", false))
	if !opts.NoKustomize {
		w.kustomizeShared()
	}
	if !opts.NoCompositions {
		w.crossplaneShared()
	}
	for i := 0; i < opts.Teams; i++ {
		team := TeamName(i)
		if opts.Shares(i) {
			w.stats.SharingTeams = append(w.stats.SharingTeams, team)
		}
		for ei, env := range Envs {
			w.root(opts, i, ei, env)
		}
		w.kube(opts, i)
		if !opts.NoCharts {
			w.chart(i)
		}
		if !opts.NoKustomize {
			w.overlays(i)
		}
		if !opts.NoCompositions {
			w.claims(i)
		}
	}
	w.stats.Modules = w.stats.RootModules + w.stats.ModuleInstances
	return w.stats, w.err
}

// team shape, derived from the index only.
type shape struct {
	team, env, cluster string
	groups             []string // node group keys
	viaModule          bool     // node groups through modules/node-group
	system             bool     // extra root-level system node group (count)
	registryModule     bool     // a registry module call (not evaluated)
	account, region    string
}

var groupNames = []string{"general", "compute", "memory", "gpu"}

func shapeOf(i, ei int, env string) shape {
	s := shape{
		team:    TeamName(i),
		env:     env,
		cluster: "acme-" + env,
		// 1 to 3 groups in dev, one more in prod (capped at 4).
		groups:         groupNames[:min(1+i%3+ei, len(groupNames))],
		viaModule:      i%3 != 2,
		system:         i%2 == 0,
		registryModule: i%5 == 0,
		region:         []string{"eu-west-1", "us-east-1", "eu-central-1"}[i%3],
	}
	s.account = fmt.Sprintf("%012d", 100000000000+2*i+ei)
	return s
}

// core resource instances in a root module, not counting node groups.
const coreFixed = 1 + 3 + 1 + 1 + 3 + 1 + 1 + 2 // roles, attachments, profile, SGs, rules

func (w *writer) root(o Options, i, ei int, env string) {
	s := shapeOf(i, ei, env)
	d := fmt.Sprintf("teams/%s/envs/%s/", s.team, env)
	w.stats.RootModules++

	helm := o.helmTF(i, ei)
	w.file(d+"versions.tf", versionsTF(fmt.Sprintf("teams/%s/%s.tfstate", s.team, env), helm != ""))
	w.file(d+"providers.tf", providersTF)
	w.file(d+"variables.tf", rootVariables)
	w.file(d+"terraform.tfvars", tfvars(s))
	w.file(d+"locals.tf", fmt.Sprintf(localsTF, s.team))
	w.file(d+"iam.tf", iamTF)
	w.file(d+"network.tf", networkTF)

	own := coreFixed
	var nodes strings.Builder
	nodes.WriteString(systemGroupTF) // count = 0 unless enable_system_group
	if s.system {
		own += 2
	}
	if s.viaModule {
		nodes.WriteString(moduleCallTF)
		w.stats.ModuleInstances += len(s.groups)
		w.stats.Resources += 2 * len(s.groups) // launch template + node group
	} else {
		nodes.WriteString(inlineGroupsTF)
		own += 2 * len(s.groups)
	}
	w.stats.NodeGroups += len(s.groups)
	if s.system {
		w.stats.NodeGroups++
	}
	w.file(d+"nodes.tf", nodes.String())

	// helm_release resources count among the root's own instances.
	if helm != "" {
		w.file(d+"helm.tf", helm)
		own += strings.Count(helm, "resource \"helm_release\"")
	}
	if !o.NoRemoteReleases {
		w.stats.RemoteReleases++
	}
	var tail strings.Builder
	if s.registryModule {
		tail.WriteString(registryModuleTF)
		tail.WriteString(awsAuthTF)
		own++
	}
	for n := 0; own < o.ResourcesPerModule; n++ {
		tail.WriteString(tailResource(n))
		own++
	}
	w.file(d+"main.tf", tail.String())
	w.file(d+"outputs.tf", rootOutputs)
	w.stats.Resources += own
}

// versionsTF is a module's terraform block: the providers it requires
// (helm too, for a root installing releases: a module has one
// required_providers block) and, for a root, its backend.
func versionsTF(stateKey string, helm bool) string {
	var b strings.Builder
	b.WriteString("terraform {\n  required_version = \">= 1.5.0\"\n\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      version = \"~> 5.40\"\n    }\n")
	if helm {
		b.WriteString("    helm = {\n      source  = \"hashicorp/helm\"\n      version = \"~> 3.0\"\n    }\n")
	}
	b.WriteString("  }\n")
	if stateKey != "" {
		fmt.Fprintf(&b, "\n  backend \"s3\" {\n    bucket         = \"acme-terraform-state\"\n    key            = %q\n    region         = \"eu-west-1\"\n    dynamodb_table = \"acme-terraform-locks\"\n    encrypt        = true\n  }\n", stateKey)
	}
	b.WriteString("}\n")
	return b.String()
}

func tfvars(s shape) string {
	var b strings.Builder
	fmt.Fprintf(&b, "cluster     = %q\nenv         = %q\nregion      = %q\naccount_id  = %q\ncost_center = \"cc-%s\"\nvpc_id      = \"vpc-%s\"\n", s.cluster, s.env, s.region, s.account, s.team[4:], s.account[4:])
	fmt.Fprintf(&b, "subnet_ids = [\n  \"subnet-%sa\",\n  \"subnet-%sb\",\n  \"subnet-%sc\",\n]\n\n", s.account[6:], s.account[6:], s.account[6:])
	fmt.Fprintf(&b, "enable_system_group = %t\nlog_retention_days  = %d\n\n", s.system, map[string]int{"dev": 14, "prod": 90}[s.env])
	b.WriteString("node_groups = {\n")
	for gi, g := range s.groups {
		types := map[string]string{"general": `"m6i.large", "m6a.large"`, "compute": `"c6i.xlarge", "c6a.xlarge"`, "memory": `"r6i.xlarge"`, "gpu": `"g5.xlarge"`}[g]
		fmt.Fprintf(&b, "  %s = {\n    instance_types = [%s]\n    min_size       = %d\n    max_size       = %d\n    desired_size   = %d\n    capacity_type  = %q\n  }\n", g, types, 1, 3+gi*2, 2, map[bool]string{true: "SPOT", false: "ON_DEMAND"}[s.env == "dev"])
	}
	b.WriteString("}\n\nextra_tags = {\n  Owner = \"platform@acme.example\"\n}\n")
	return b.String()
}

var tailKinds = []func(n int) string{
	func(n int) string {
		return fmt.Sprintf(`resource "aws_s3_bucket" "data_%[1]d" {
  bucket = "${local.name_prefix}-data-%[1]d"
  tags   = merge(local.common_tags, { Purpose = "data-%[1]d" })
}

`, n)
	},
	func(n int) string {
		return fmt.Sprintf(`resource "aws_cloudwatch_log_group" "app_%[1]d" {
  name              = "/acme/${var.env}/${local.team}/app-%[1]d"
  retention_in_days = var.log_retention_days
  tags              = local.common_tags
}

`, n)
	},
	func(n int) string {
		return fmt.Sprintf(`resource "aws_sqs_queue" "jobs_%[1]d" {
  name                       = "${local.name_prefix}-jobs-%[1]d"
  visibility_timeout_seconds = 120
  message_retention_seconds  = 345600
  tags                       = local.common_tags
}

`, n)
	},
	func(n int) string {
		return fmt.Sprintf(`resource "aws_ssm_parameter" "config_%[1]d" {
  name = "/${var.env}/${local.team}/config-%[1]d"
  type = "String"
  value = jsonencode({
    cluster = var.cluster
    team    = local.team
    region  = var.region
    index   = %[1]d
  })
  tags = local.common_tags
}

`, n)
	},
	func(n int) string {
		return fmt.Sprintf(`resource "aws_iam_policy" "app_%[1]d" {
  name = "${local.name_prefix}-app-%[1]d"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect   = "Allow"
      Action   = ["s3:GetObject", "s3:PutObject", "sqs:SendMessage"]
      Resource = ["arn:aws:s3:::${local.name_prefix}-data/*", "arn:aws:sqs:${var.region}:${var.account_id}:${local.name_prefix}-jobs-%[1]d"]
    }]
  })
  tags = local.common_tags
}

`, n)
	},
	func(n int) string {
		return fmt.Sprintf(`resource "aws_dynamodb_table" "state_%[1]d" {
  name         = "${local.name_prefix}-state-%[1]d"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"

  attribute {
    name = "pk"
    type = "S"
  }

  point_in_time_recovery {
    enabled = var.env == "prod"
  }

  tags = local.common_tags
}

`, n)
	},
}

func tailResource(n int) string { return tailKinds[n%len(tailKinds)](n) }

func (w *writer) kube(o Options, i int) {
	team := TeamName(i)
	d := "k8s/" + team + "/"
	w.file(d+"namespace.yaml", fmt.Sprintf(namespaceYAML, team))
	var kp strings.Builder
	for ei, env := range Envs {
		s := shapeOf(i, ei, env)
		role := fmt.Sprintf("%s-%s-karpenter", s.cluster, team)
		comment := ""
		if env == "prod" && o.Shares(i) {
			role = fmt.Sprintf("%s-%s-nodes", s.cluster, team)
			comment = "  # reuses the node group role (see teams/" + team + "/envs/prod/iam.tf)\n"
		}
		if ei > 0 {
			kp.WriteString("---\n")
		}
		fmt.Fprintf(&kp, nodeClassYAML, team, env, s.cluster, comment, role)
		kp.WriteString("---\n")
		fmt.Fprintf(&kp, nodePoolYAML, team, env, map[string]string{"dev": "spot", "prod": "on-demand"}[env], 100*(1+i%4))
		w.stats.NodeClasses++
	}
	w.file(d+"karpenter.yaml", kp.String())
	for ei, env := range Envs {
		s := shapeOf(i, ei, env)
		var b strings.Builder
		for a := 0; a < o.AppsPerEnv; a++ {
			app := fmt.Sprintf("%s-app%d", team, a)
			if a > 0 {
				b.WriteString("---\n")
			}
			fmt.Fprintf(&b, appYAML, app, team, s.account, s.cluster, env, 1+a%3, a)
		}
		w.file(fmt.Sprintf("%sapps-%s.yaml", d, env), b.String())
	}
}
