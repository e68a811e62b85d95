package nesting

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/hclparse"
)

// realisticTF returns about size bytes of ordinary Terraform: resources
// with strings, interpolations, comments, heredocs and for expressions.
func realisticTF(size int) []byte {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, `# role %[1]d for the node group (see docs)
resource "aws_iam_role" "nodes_%[1]d" {
  name               = "${var.cluster}-nodes-%[1]d"
  assume_role_policy = data.aws_iam_policy_document.assume[%[1]d].json
  tags = merge(var.tags, {
    Name  = "nodes-%[1]d"
    Owner = lookup(var.owners, "team-%[1]d", "platform")
  })
  managed_policy_arns = [for p in var.policies : "arn:aws:iam::aws:policy/${p}" if p != ""]
  inline_policy {
    name   = "extra"
    policy = <<-EOT
      {"Statement": [{"Effect": "Allow", "Action": ["s3:GetObject"], "Resource": "${aws_s3_bucket.b.arn}/*"}]}
    EOT
  }
  count = var.enabled && length(var.subnets) > 0 ? 1 : 0 /* one per cluster */
}
`, i)
	}
	return []byte(b.String())
}

func BenchmarkHCLScan(b *testing.B) {
	src := realisticTF(1 << 20)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if e := HCL(src); e != nil {
			b.Fatal(e)
		}
	}
}

// BenchmarkHCLParse is the parse the scan guards, for comparison.
func BenchmarkHCLParse(b *testing.B) {
	src := realisticTF(1 << 20)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, diags := hclparse.NewParser().ParseHCL(src, "bench.tf"); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

// hostile are inputs aimed at every place the scanner looks ahead (run
// without a bound, so that each is read to its end).
var hostile = map[string]string{
	"heredoc introducers": repeat("<<", 1<<19),
	"long marker":         "<<" + repeat("a", 1<<20),
	"unclosed comments":   repeat("/*", 1<<19),
	"brace lookahead":     repeat("{ # c\n", 1<<17),
	"non-ASCII code":      repeat("é→\xc9(", 1<<18),
	"heredoc lines":       "x = <<EOF\n" + repeat(" EO\n", 1<<18),
	"JSON strings":        `[` + repeat(`"${a}\"", `, 1<<16) + `]`,
}

func BenchmarkHostile(b *testing.B) {
	for name, src := range hostile {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if name == "JSON strings" {
					scanJSON([]byte(src), 1<<30, nil)
				} else {
					scanHCL([]byte(src), modeConfig, 0, 1<<30, nil)
				}
			}
		})
	}
}

func BenchmarkYAMLScan(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		fmt.Fprintf(&sb, "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app-%d\n  labels: {app: web, tier: \"front\"}\nspec:\n  template:\n    spec:\n      containers:\n        - name: web\n          args: [\"--port\", \"80\"]\n          command:\n            - /bin/sh\n            - -c\n            - |\n              [ -f /x ] && echo '{' # not yaml\n", i)
	}
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if e := YAML(src); e != nil {
			b.Fatal(e)
		}
	}
}
