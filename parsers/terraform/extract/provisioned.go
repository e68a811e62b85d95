package extract

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
)

// provisionedManifests reads the templates a resource's local-exec
// provisioner renders into its command with templatefile() whose text is
// Kubernetes objects (an EC2NodeClass echoed into kubectl apply): applied
// if the command applies them, which faultline does not read, so what is
// read of them is inferred. A provisioner run at destroy (when = destroy)
// applies nothing. The template file is read as rendered only.
func (x *extraction) provisionedManifests(local string) {
	for _, cmd := range x.r.Commands {
		for _, call := range templatefileCalls(cmd) {
			v := x.mi.Eval(call, x.extra)
			if !v.IsKnown() || v.IsNull() || v.Type() != cty.String {
				continue
			}
			content := []byte(v.AsString())
			if !holdsObject(content) {
				continue
			}
			if f := x.mi.TemplatePathIn(call, x.extra, "templatefile"); f != "" {
				x.e.Templates = append(x.e.Templates, f) // read as rendered only
			}
			whole := x.e.Session.Rng(call.Range())
			em := kept.Embedded{Addr: x.mi.Addr(local), Root: x.mi.Evaluator.RootRel, File: whole.File, Content: content}
			em.SetMap(x.positionMap(call, whole, content))
			em.Inferred = append(slices.Clone(em.Inferred), fmt.Sprintf("rendered into the command of %s's local-exec provisioner: applied if the command applies it", x.mi.Label(local)))
			x.e.Embedded = append(x.e.Embedded, em)
		}
		x.heredocManifests(local, cmd)
	}
}

// heredocManifests reads the here-documents of a local-exec command cmd
// that kubectl apply (or create) reads from its standard input (cat <<EOF
// | kubectl apply -f -, kubectl apply -f - <<EOF) whose text is
// Kubernetes objects: inferred, as the command is not run. Their lines
// are placed in the command when it is a heredoc rendered line for line.
func (x *extraction) heredocManifests(local string, cmd hcl.Expression) {
	v := x.mi.Eval(cmd, x.extra)
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.String || !strings.Contains(v.AsString(), "<<") {
		return
	}
	text := v.AsString()
	whole := x.e.Session.Rng(cmd.Range())
	for _, h := range stdinHeredocs(text) {
		content := []byte(h.body)
		if !holdsObject(content) {
			continue
		}
		em := kept.Embedded{Addr: x.mi.Addr(local), Root: x.mi.Evaluator.RootRel, File: whole.File, Content: content}
		pm := x.positionMap(cmd, whole, []byte(text))
		if pm.Heredoc && h.line < len(pm.Shifts) {
			pm.Start += h.line
			pm.Shifts, pm.Ends, pm.Interps = pm.Shifts[h.line:], pm.Ends[h.line:], pm.Interps[h.line:]
		} else {
			pm = kept.PositionMap{Whole: whole}
		}
		em.SetMap(pm)
		em.Inferred = append(slices.Clone(em.Inferred), fmt.Sprintf("written in the command of %s's local-exec provisioner as a here-document kubectl reads: applied if the command runs", x.mi.Label(local)))
		x.e.Embedded = append(x.e.Embedded, em)
	}
}

// heredocBody is a here-document's text and the index of its first line
// in the command.
type heredocBody struct {
	body string
	line int
}

// shellHeredocOpen opens a here-document: <<EOF, <<-EOF, <<'EOF', <<"EOF".
var shellHeredocOpen = regexp.MustCompile(`<<(-?)\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)(['"]?)`)

// kubectlStdin is a kubectl apply or create reading its standard input.
var kubectlStdin = regexp.MustCompile(`\bkubectl\b.*\b(apply|create)\b.*(-f\s*-|--filename[= ]-)(\s|$)`)

// stdinHeredocs are the here-documents of shell text opened on a line
// that runs kubectl apply or create from standard input; one the shell
// expands ($NAME, $(…), `…` under an unquoted delimiter) is left out.
func stdinHeredocs(text string) []heredocBody {
	lines := strings.Split(text, "\n")
	var out []heredocBody
	for i := 0; i < len(lines); i++ {
		m := shellHeredocOpen.FindStringSubmatch(lines[i])
		if m == nil || m[2] != m[4] || !kubectlStdin.MatchString(lines[i]) {
			continue
		}
		for j := i + 1; j < len(lines); j++ {
			end := strings.TrimRight(lines[j], "\r")
			if m[1] != "" {
				end = strings.TrimLeft(end, "\t")
			}
			if strings.TrimSpace(end) == m[3] {
				body := slices.Clone(lines[i+1 : j])
				if m[1] != "" {
					// <<- strips the leading tabs of every line.
					for k := range body {
						body[k] = strings.TrimLeft(body[k], "\t")
					}
				}
				text := strings.Join(body, "\n") + "\n"
				// An unquoted delimiter has the shell expand $NAME,
				// $(…) and `…` in the body: what they give is not known.
				if m[2] != "" || !strings.ContainsAny(text, "$`") {
					out = append(out, heredocBody{body: text, line: i + 1})
				}
				i = j
				break
			}
		}
	}
	return out
}

// templatefileCalls are the templatefile() calls in expr, outermost first.
func templatefileCalls(expr hcl.Expression) []hcl.Expression {
	var out []hcl.Expression
	e, ok := eval.Unhooked(expr).(hclsyntax.Expression)
	if !ok {
		return nil
	}
	_ = hclsyntax.VisitAll(e, func(n hclsyntax.Node) hcl.Diagnostics {
		if fc, ok := n.(*hclsyntax.FunctionCallExpr); ok && fc.Name == "templatefile" && len(fc.Args) == 2 {
			out = append(out, fc)
		}
		return nil
	})
	return out
}

// holdsObject reports whether YAML text holds a Kubernetes object: a
// document that is a mapping with apiVersion and kind.
func holdsObject(content []byte) bool {
	dec := yaml.NewDecoder(bytes.NewReader(content))
	for range 64 {
		var doc map[string]any
		if err := dec.Decode(&doc); err != nil {
			return false
		}
		if _, ok := doc["apiVersion"]; ok {
			if _, ok := doc["kind"]; ok {
				return true
			}
		}
	}
	return false
}
