package rules

import "github.com/faultline-dev/faultline/lint"

// InvalidInput reports files that feed the model but cannot be read,
// parsed or rendered.
var InvalidInput = &lint.Rule{
	ID:             "FL000",
	Name:           "invalid-input",
	Severity:       lint.Error,
	Summary:        "a file that feeds the model cannot be read, parsed or rendered",
	Since:          "0.1.0",
	Unsuppressible: true,
	Doc: `A Terraform file, variables file or manifest that faultline reads could not
be read or parsed, or a Helm chart, Kustomize overlay or Crossplane
composition could not be rendered (a template error, a missing values file,
a packaged chart that is not an archive, a transform faultline does not
render, a chart stopped by the rendering bounds), or a document that is read
as data is not valid (a trust policy that is not JSON, an aws-auth
` + "`mapRoles`" + ` that is not a list of role mappings, a node selector operator or a
NodePool consolidation policy its API version's schema refuses —
` + "`WhenUnderutilized`" + ` in a ` + "`karpenter.sh/v1`" + ` NodePool, which v1 renamed
` + "`WhenEmptyOrUnderutilized`" + `; a ` + "`karpenter.k8s.aws/v1`" + ` EC2NodeClass without
` + "`amiSelectorTerms`" + ` or without exactly one of ` + "`role`" + ` and ` + "`instanceProfile`" + `, a
` + "`karpenter.sh/v1`" + ` NodePool whose ` + "`nodeClassRef`" + ` lacks ` + "`group`" + `, ` + "`kind`" + ` or
` + "`name`" + `, or a v1 NodePool or EC2NodeClass field no v1 release declares, such as
` + "`spec.template.spec.kubelet`" + ` (v1 moved it to the EC2NodeClass): what a v1beta1
object moved to v1 keeps; a v1 NodePool requirement key
that is no label key, or a requirement or template label key in Karpenter's
own domains that no v1 release admits, such as
` + "`karpenter.k8s.aws/capacity-type`" + ` for ` + "`karpenter.sh/capacity-type`" + `). Input that would crash
or exhaust faultline is broken input too: HCL, JSON or YAML nested deeper
than 1,000 levels (the parsers would overflow their stacks), a Kustomize
cycle, a Component listed under ` + "`resources`" + ` (or a Kustomization under
` + "`components`" + `), a kustomization that would build more than 1,000 bases or
whose YAML aliases expand past their bound. The finding points at the
position of the error (for a cycle, the entry that closes it, with the chain
of files). Everything else is still linted, but what cannot be read takes
no part in the model (a Terraform file that does not parse is read as far
as the parser recovers; an argument a local module does not declare is left
out of the call, which is read without it), so chains that run through it
cannot be checked until it is fixed. Terraform's own errors in a module
of the tree are FL000 where Terraform reports them: a top-level block of a
type a configuration file does not have (` + "`ariable \"tags\" {`" + `, a
` + "`required_providers`" + ` block outside ` + "`terraform`" + `), with Terraform's "Did you
mean", and then no reference error in that module (Terraform stops
before it resolves them), a name declared twice
(a variable, local value, output, provider configuration, module call,
resource or data source — at the later declaration, in file name order;
a module call every file of a directory declares makes the files
alternatives an installer copies one of, reported only where Terraform
certainly reads the directory whole, as below),
a second backend or required_providers block (an override file's replaces
the first), an argument or block Terraform reserves in a provider block
(` + "`depends_on`, `count`, `source`, a `lifecycle` or `locals`" + ` block; not
` + "`for_each`" + `, which OpenTofu reads there), a variable type written in quotes as Terraform 0.11 wrote it
(` + "`type = \"list\"`" + `, which Terraform 1.x refuses: "Invalid quoted type
constraints") or one its type syntax refuses (` + "`map[string]`" + `: "Invalid type
specification"), a module source Terraform cannot place (a relative path
without ` + "`./`" + `, a host with no shorthand such as ` + "`gitlab.com/…`" + `: "Invalid module
source address"; with a ` + "`version`" + `, anything but a registry address: "Invalid
registry module source address", parsed as terraform-registry-address parses
it), a well-known registry submodule the release ` + "`terraform init`" + ` installs no
longer has ("Unreadable module subdirectory": terraform-aws-iam's
` + "`iam-role-for-service-accounts-eks`" + ` and its other role modules from v6.0.0, the eks
module's ` + "`aws-auth`" + ` from v21.0.0, called with a constraint that allows those, or with
none), a module call without a ` + "`source`" + ` ("Missing required argument"; an
override file's may omit it), a local module directory that does not exist ("Unreadable module
directory"; not one a ` + "`.gitignore`" + ` ignores or that lies in a git submodule a
` + "`.gitmodules`" + ` declares, which a step before ` + "`terraform init`" + ` fills, a coverage note), a
` + "`helm_release`" + ` chart written as a path (` + "`./…`, `../…`" + `) to a directory of the tree that does
not exist as Terraform's working directory reads it ("Chart directory not found": helm's
"path not found"; not a packaged ` + "`.tgz`" + ` a CI step builds, a directory a ` + "`.gitignore`" + ` ignores or
a git submodule holds, one outside the scanned tree, nor a Terragrunt unit's; judged from
a root with a backend or a ` + "`.terraform.lock.hcl`" + `, where Terraform certainly runs: from another,
a directory of snippets linked into roots, a coverage note), an
argument a local module does not declare or a variable without a default it
is not given (at the call), a ` + "`for_each`" + ` whose value, known statically, is a
list or tuple rather than a map or set of strings (one known only at plan
is not judged), a call of a function neither Terraform nor OpenTofu has
(` + "`get_terragrunt_dir()`" + ` pasted from a terragrunt.hcl — not inside
` + "`try()`" + ` or ` + "`can()`" + `, a conditional's branch, a for expression's body or a
dynamic block, which Terraform may never evaluate, nor what an override
file replaces; provider-defined ` + "`provider::…`" + ` functions are not checked,
and ` + "`defaults()`" + `, which Terraform 0.15 to 1.2 had behind an experiment, is
taken as known), a ` + "`moved`" + ` block whose ` + "`from`" + ` is a resource or module call
the module still declares ("Moved object still exists", which
` + "`terraform plan`" + ` reports and ` + "`validate`" + ` does not; a ` + "`from`" + ` naming an instance or an
object inside a call is not checked), a reference to a variable, local value, module call, data
source or resource the module does not declare (` + "`var.environment`" + ` left
behind by a rename — wherever it is written, ` + "`try()`" + `, a conditional's
branch and a for expression included, since Terraform resolves references
before it evaluates; not in a dynamic block's content, checked only for the
blocks its ` + "`for_each`" + ` makes, nor in ` + "`moved`" + `, ` + "`removed`" + ` or an
import's ` + "`to`" + `, which are addresses, nor in a provider block whose
configuration no resource, data source or import uses, in the module or
in a module it is passed to (a module with a provider block of its own for
that provider uses its own), since Terraform prunes it unevaluated — a
registry module faultline models uses what its stand-ins' resources use at
every version its constraint allows (the eks module's aws-auth before v20:
kubernetes); where only a module whose code faultline does not read may use
it, a coverage note says so —; and only where Terraform
certainly evaluates the code — a module the tree calls, a root with a
backend or cloud block, or one reading another root's state
(` + "`terraform_remote_state`" + `: a layer applied in turn), that manages a resource
or calls a module —, so not
in a directory of snippets copied into roots (provider and backend blocks,
a resource whose trust document the root declares), nor for a variable
(local value) of a root that declares none, whose code reads declarations
kept elsewhere, in a module with a file faultline did not read or that does not
parse, nor in a Terragrunt unit's directory or the module it deploys, where
the unit's ` + "`generate`" + ` blocks may write the declarations), in the same
places ` + "`count.index`" + ` in a block without ` + "`count`" + ` and ` + "`each.key`" + ` or
` + "`each.value`" + ` in one without ` + "`for_each`" + ` (a local value and an output have
neither; a provider block, which OpenTofu gives ` + "`for_each`" + `, and a dynamic
block's content are not checked), and in the same
places a read of an output a local module of the tree does not declare
(` + "`module.queue.arn`" + ` where the module's outputs are ` + "`url`" + ` — "Unsupported
attribute" at the output's name; read by instance when the call has
` + "`count`" + ` or ` + "`for_each`" + `; not inside ` + "`try()`" + ` or ` + "`can()`" + `, which catch it, a
conditional's branch or a for expression's body, which may never be
evaluated, nor in ` + "`depends_on`" + `, which waits for the whole call; not judged
when the module has a file faultline did not read or that does not parse), a variables file's value that is no constant (a function
call, a reference: Terraform reads the file without either) or that the
root variable's type refuses (` + "`terraform plan`" + `'s "Invalid value for input
variable", at the value), a variable's
default that is no constant (a reference or a function call, refused where
it is written) or that its type constraint refuses (after the constraint's
optional attribute defaults are applied), a variable named like a module
block's argument or block (` + "`version`, `source`, `count`, `for_each`, `depends_on`, `providers`, `lifecycle`, `locals`, `provider`, `_`" + `: "Invalid
variable name"), and a ` + "`templatefile()`" + ` whose ` + "`vars`" + ` object, written with
literal keys, lacks a variable its template refers to ("Invalid function
argument" at the object, as ` + "`terraform validate`" + ` reports it whatever the
resource's count; the path ` + "`${path.module}/…`" + `, or a literal in a root
with a backend; not inside a conditional, ` + "`try()`" + `, ` + "`can()`" + `, a for
expression, a dynamic block or a provider block), and, on the same
conditions, a ` + "`file()`" + ` or ` + "`templatefile()`" + ` whose path names no file ("no file
exists at …", at the path; not a file a ` + "`.gitignore`" + ` ignores, one in a git submodule, one a template
beside it renders, or one copied from a sample beside it (` + "`secrets.sample.json`" + `,
` + "`settings.yaml.example`" + `), written before Terraform runs, nor the byte-reading
functions ` + "`filebase64sha256()`" + ` and the like, mostly over a package a build
step makes; nor in a module referring to something it does not declare,
where Terraform stops before calling it). A file faultline refuses to read (a symlink out of the
tree, a FIFO or device), a file the checkout holds locked (a Git LFS pointer
in place of a packed subchart, a ` + "`terraform.tfvars`" + ` git-crypt encrypted) and
a Terraform root that reaches its evaluation budget are coverage notes, not
FL000: nothing is broken, faultline just does not look. So is a chart whose template fails, as it executes, for want of
what the chart will have when it is installed: a dependency Chart.yaml
declares and its values enable that is not vendored under ` + "`charts/`" + ` (` + "`helm dependency build`" + `
was not run), a ` + "`required`" + ` value no values file gives, or — for a chart
with no default values that no release in the scanned tree installs (an Argo
CD ApplicationSet whose chart path is templated, a pipeline), or one kept
with values files for its installs beside its ` + "`values.yaml`" + ` (` + "`values-dev.yaml`" + `,
` + "`values.prod.yaml`" + `, ` + "`staging-values.yaml`" + `: ` + "`helm install -f values-dev.yaml`" + `), or under the
directories an ApplicationSet's Git directories generator lists (` + "`apps/*`" + `,
less those marked ` + "`exclude: true`" + `) or its list generators give its templated path
(` + "`path: '{{ .folder }}'`" + ` with a list element's ` + "`folder`" + `, in a matrix beside a Git files
generator too), or at the chart path its template writes
out, when its template installs them with
values of its own (` + "`valuesObject`, `values`, `valueFiles`, `parameters`" + `), or
one no release installs while a chart whose templates write Argo CD
Applications or Flux HelmReleases was itself not rendered for want of its
values (the releases it makes are not known) —
a read of ` + "`.Values`" + ` that finds nothing (or of what holds such a read: a variable
declared from one, the dot inside a ` + "`range`" + ` or ` + "`with`" + ` over one); likewise a read of ` + "`.Values`" + ` that finds nothing
in a release whose values faultline cannot all evaluate (a ` + "`helm_release`" + ` values
file read from ` + "`values/${terraform.workspace}/`" + `, or a chart that an argument of a
call to a module whose code is not read names — ` + "`chart = \"${path.module}/charts/x\"`" + `
to cloudposse/helm-release, or a ` + "`repository`" + ` that is a local directory and a
` + "`chart`" + ` name the helm provider joins to it —, taken to be installed by it with values not
known, or an Argo CD Application found in a chart no release installs,
rendered with its defaults, whose values an install of that chart gives — its
` + "`valueFiles`" + ` entry naming a file that does not exist as rendered,
` + "`values-{{ .Values.environment }}.yaml`" + ` with the environment left empty, is a
note too), and, in such a release or in a chart an ApplicationSet installs with values of its own, output of a template line reading values that does not parse as YAML
(` + "`toYaml`" + ` of a value left out writes ` + "`null`" + ` where a mapping was meant). A chart whose own default
values fail that way (nothing installs it with others: no release, or an
ApplicationSet template without Helm values), or that a release of the tree installs with values all
known, is FL000.
The note names the template error and what was missing. A template that does
not parse is FL000 whatever else is missing. A file that is itself a template
is a note too: a manifest or a kustomization whose YAML parses only once its
placeholders (` + "`{{ }}`, `{% %}`, `<% %>`, `${x}`, `${{ values.x }}`, `{NAME}`, `__NAME__`, `<NAME>`, `[NAME]` joined to a name (`[ENV]-data`), `%%NAME%%`, `@NAME@`" + `, or
gomplate's ` + "`<< .x >>`" + ` with those delimiters) are filled — a
Backstage, cookiecutter or copier skeleton —, an overlay whose build fails and
that reads a file whose ` + "`{{ }}`" + ` tag is YAML structure of its own until filled
in (` + "`caBundle: {{caBundle}}`" + `, which an installer fills with sed; a tag inside a
string is not) or a line that is a placeholder alone (` + "`<ISSUER_ANNOTATION>`" + ` under
` + "`annotations:`" + `, a skeleton's blank its generator fills with whole lines; so is
such a line in a chart's ` + "`values.yaml`" + ` or an Argo CD ` + "`helm.values`" + `, which Helm
never templates), a Terraform or Terragrunt file (a boilerplate
` + "`terragrunt.stack.hcl`" + `) that parses once its
` + "`{{ }}`" + `, ` + "`{% %}`" + ` and ` + "`<% %>`" + ` tags are blanked, a conditional's first branch
(` + "`{{ if }}`" + `, ` + "`{% if %}`" + `, ` + "`<% if %>`" + `) kept (one that still does not is FL000 at its own error), a kustomization entry naming a file
by a placeholder, and a ytt template, valid YAML
whose comments are ytt code (` + "`#@ load(…)`, `name: #@ data.values.x`" + `,
` + "`#@data/values`" + `) that decides what it holds. A YAML file that does not parse
and whose lines before the error show it is no Kubernetes manifest — an
OpenAPI document (its first key ` + "`openapi`" + ` or ` + "`swagger`" + ` with a version), a
GitHub Actions workflow (a key ` + "`on`" + ` or a ` + "`jobs`" + ` mapping, no ` + "`apiVersion`" + ` or
` + "`kind`" + `), a Prometheus configuration (a top-level ` + "`scrape_configs`" + ` list), a YAML list (an Ansible playbook; an INI file's ` + "`[SERVICE]`" + ` section
header reads as one) — is a note: nothing of the EKS stack reads
it; so is a shell script whose first command opens a here-document
the file closes (` + "`cat <<EOF | kubectl apply -f -`" + `), one holding git
merge conflict markers whose first side of each conflict parses as such
a file (a manifest in conflict stays FL000), and a file of another
language named ` + "`.yaml`" + `: a page whose content sniffs as HTML or XML (a saved
web page), text that parses whole as HCL (a Terraform snippet kept for
reference), a terminal's output saved with its ANSI colour codes, or
Markdown with a task list (` + "`- [ ] step`" + `) and no top-level ` + "`apiVersion`" + ` or ` + "`kind`" + `.
A kustomization that lists a
file outside its own directory is FL000 as ` + "`kustomize build`" + ` refuses it, unless a
Flux Kustomization of the tree builds that directory: kustomize-controller
loads files from anywhere in its source, and the overlay is read as it builds
it; or the tree configures Argo CD to build without the restriction
(` + "`argocd-cm`" + `'s ` + "`kustomize.buildOptions`" + ` with ` + "`--load-restrictor LoadRestrictionsNone`" + `, as a
ConfigMap or the ` + "`configs.cm`" + ` values of an ` + "`argo-cd`" + ` chart release).
A kustomization that does not build, in a chart's directory that an Argo CD
Application deploys with Helm settings, is a note: Argo CD renders it with
Helm and never runs kustomize there.

FL000 cannot be suppressed or disabled: a silent parse failure would make
every other rule silently blind.

## Example

` + "```" + `
error[FL000] invalid-input: Missing closing brace
  --> infra/eks.tf:14:1
` + "```" + `

## How to fix

Fix the syntax error (` + "`terraform validate`" + ` or a YAML linter shows the same
problem), or exclude the file in ` + "`.faultline.hcl`" + ` if it is not meant to be read.`,
	Check: func(p *lint.Pass) {
		type problem struct {
			at     lint.Range
			detail string
		}
		seen := map[problem]bool{}
		for _, d := range p.Diagnostics {
			// One problem read twice (a values file a release names is
			// also a YAML file of the tree) is one finding.
			if pr := (problem{d.Range, d.Detail}); d.Detail != "" {
				if seen[pr] {
					continue
				}
				seen[pr] = true
			}
			msg := d.Summary
			if d.Detail != "" {
				msg += ": " + d.Detail
			}
			hint := d.Hint
			if hint == "" {
				hint = "fix the input; everything else was still linted, but what cannot be read here is left out of the model, so chains through it are not checked"
			}
			p.Report(lint.Finding{Range: d.Range, Message: msg, Hint: hint})
		}
	},
}
