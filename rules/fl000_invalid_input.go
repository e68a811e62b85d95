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
` + "`mapRoles`" + ` that is not a list of role mappings). The finding points at the
position of the error. Every other file is still linted, but nothing in the
broken input takes part in the model, so chains that run through it cannot
be checked until it is fixed.

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
		for _, d := range p.Diagnostics {
			msg := d.Summary
			if d.Detail != "" {
				msg += ": " + d.Detail
			}
			p.Report(lint.Finding{
				Range:   d.Range,
				Message: msg,
				Hint:    "fix the input; the rest of the tree was still linted, but nothing in this file took part",
			})
		}
	},
}
