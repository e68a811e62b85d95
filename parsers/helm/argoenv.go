package helm

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// Placeholders in an Argo CD Application, as Argo CD treats them
// (github.com/argoproj/argo-cd, reposerver/repository/repository.go
// helmTemplate and newEnv; pkg/apis/application/v1alpha1/types.go
// Env.Envsubst, which is os.Expand with $$ kept as $):
//
//   - The repo server substitutes its build environment in helm.parameters
//     values (templateOpts.Set and SetString), helm.valueFiles and
//     fileParameters paths — never in helm.values or helm.valuesObject,
//     written to a file as they are. The environment is ARGOCD_APP_NAME
//     (the Application's name, namespace_name when the Application lives
//     outside Argo CD's own namespace: Application.InstanceName),
//     ARGOCD_APP_NAMESPACE (spec.destination.namespace, controller/state.go),
//     ARGOCD_APP_PROJECT_NAME, ARGOCD_APP_REVISION(_SHORT, _SHORT_8: the
//     commit synced, known only then), ARGOCD_APP_SOURCE_REPO_URL,
//     ARGOCD_APP_SOURCE_PATH and ARGOCD_APP_SOURCE_TARGET_REVISION; any
//     other variable expands to the empty string. ($KUBE_VERSION and
//     $KUBE_API_VERSIONS are given to config management plugins only.)
//   - Any other ${VAR} in an Application (or $VAR in the environment
//     variable style) reaches Argo CD only if nothing substituted it
//     before: in practice the repository's own pipeline (envsubst in a
//     script, a Makefile, CI) fills it in before applying the Application.
//     Its value is not in the tree: a hole, counted in one note per
//     Application, so that nothing is judged on the literal text.

// argoBraced is ${NAME}; argoBare is $NAME written as an environment
// variable (capitals, digits, underscores).
var (
	argoName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	argoBare = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*`)
)

// argoEnv substitutes the placeholders of one Application source.
type argoEnv struct {
	label string
	holes *lint.Holes
	// build is Argo CD's build environment with the values known from
	// the Application; a variable of it missing here is unknown.
	build map[string]string
	// count and first are the placeholders left unknown, for the note.
	count int
	first string
}

// argoBuildVars is Argo CD's build environment, true for the variables
// known only at sync.
var argoBuildVars = map[string]bool{
	"ARGOCD_APP_NAME": false, "ARGOCD_APP_NAMESPACE": false, "ARGOCD_APP_PROJECT_NAME": false,
	"ARGOCD_APP_REVISION": true, "ARGOCD_APP_REVISION_SHORT": true, "ARGOCD_APP_REVISION_SHORT_8": true,
	"ARGOCD_APP_SOURCE_REPO_URL": false, "ARGOCD_APP_SOURCE_PATH": false, "ARGOCD_APP_SOURCE_TARGET_REVISION": false,
}

// newArgoEnv is the environment of source src of Application top.
func newArgoEnv(top, src *yaml.Node, label string, holes *lint.Holes) *argoEnv {
	e := &argoEnv{label: label, holes: holes, build: map[string]string{}}
	spec := at(top, "spec")
	known := func(name, v string) {
		if !hasPlaceholder(v) {
			e.build[name] = v
		}
	}
	// Outside Argo CD's own namespace (which the tree does not say) the
	// name is namespace_name: known only without a namespace.
	if str(at(top, "metadata", "namespace")) == "" {
		known("ARGOCD_APP_NAME", str(at(top, "metadata", "name")))
	}
	known("ARGOCD_APP_NAMESPACE", str(at(spec, "destination", "namespace")))
	known("ARGOCD_APP_PROJECT_NAME", str(at(spec, "project")))
	known("ARGOCD_APP_SOURCE_REPO_URL", str(at(src, "repoURL")))
	known("ARGOCD_APP_SOURCE_PATH", str(at(src, "path")))
	known("ARGOCD_APP_SOURCE_TARGET_REVISION", str(at(src, "targetRevision")))
	return e
}

// hasPlaceholder reports whether s holds a placeholder a pipeline would
// substitute (see pipeline).
func hasPlaceholder(s string) bool {
	found := false
	scanPlaceholders(s, func(string) string { found = true; return "" })
	return found
}

// hole is the unknown value of variable name, counted for the note.
func (e *argoEnv) hole(name string) string {
	e.count++
	if e.first == "" {
		e.first = name
	}
	if e.holes == nil {
		return "${" + name + "}"
	}
	return e.holes.Sentinel(lint.HoleRef{Object: e.label, Path: name})
}

// expand substitutes s where Argo CD substitutes its build environment
// (helm.parameters values, value file paths): a known build variable is
// its value, a build variable known only at sync or any other placeholder
// a pipeline would fill is a hole, and what Argo CD expands to nothing
// ($1, $*, …) is the empty string; $$ is $.
func (e *argoEnv) expand(s string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	return os.Expand(s, func(name string) string {
		switch v, ok := e.build[name]; {
		case name == "$":
			return "$"
		case ok:
			return v
		case argoName.MatchString(name):
			return e.hole(name)
		}
		return ""
	})
}

// pipeline substitutes s where Argo CD substitutes nothing (helm.values,
// helm.valuesObject, the destination namespace, the release name): each
// ${NAME} and $NAME (capitals) is a hole, $$ and any other $ left as
// written.
func (e *argoEnv) pipeline(s string) string {
	return scanPlaceholders(s, e.hole)
}

// pipelineYAML is pipeline over YAML text (helm.values), leaving its
// comments as written: a pipeline's envsubst fills a placeholder there
// too, but a comment sets nothing, so it leaves nothing unknown. The
// lines of a block scalar are content, substituted whole.
func (e *argoEnv) pipelineYAML(s string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	lines := strings.SplitAfter(s, "\n")
	block := -1 // the indentation of the key a block scalar belongs to
	for i, l := range lines {
		indent := len(l) - len(strings.TrimLeft(l, " "))
		if block >= 0 {
			if strings.TrimSpace(l) == "" || indent > block {
				lines[i] = e.pipeline(l)
				continue
			}
			block = -1
		}
		cut := yamlCommentAt(l)
		lines[i] = e.pipeline(l[:cut]) + l[cut:]
		if blockIndicator.MatchString(l[:cut]) {
			block = indent
		}
	}
	return strings.Join(lines, "")
}

// blockIndicator ends a line whose value is a block scalar (| or >, with
// its chomping and indentation indicators).
var blockIndicator = regexp.MustCompile(`(^|[\s:-])[|>][-+0-9]*\s*$`)

// yamlCommentAt is where a comment starts on YAML line l (len(l) when it
// has none): a # at the start or after a blank, outside a quoted scalar.
// A quote opens a scalar only where one may start (after ": ", "- ", a
// flow indicator or at the start), so an apostrophe in plain text does
// not hide a comment.
func yamlCommentAt(l string) int {
	var quote byte
	prev := byte(' ') // the last non-blank byte before i, outside quotes
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case quote == '"' && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				if quote == '\'' && i+1 < len(l) && l[i+1] == '\'' {
					i++
					continue
				}
				quote = 0
				prev = c
			}
		case c == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
			return i
		case (c == '"' || c == '\'') && strings.IndexByte(" :-[{,", prev) >= 0 && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t' || strings.IndexByte("[{,", l[i-1]) >= 0):
			quote = c
		case c != ' ' && c != '\t':
			prev = c
		}
	}
	return len(l)
}

// scanPlaceholders replaces each ${NAME} and $NAME (capitals) of s with
// f(NAME), leaving $$ and any other $ as written.
func scanPlaceholders(s string, f func(string) string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	var out strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '$' || i+1 >= len(s) {
			out.WriteByte(s[i])
			i++
			continue
		}
		rest := s[i+1:]
		switch {
		case rest[0] == '$':
			out.WriteString("$$")
			i += 2
			continue
		case rest[0] == '{':
			if j := strings.IndexByte(rest, '}'); j > 1 && argoName.MatchString(rest[1:j]) {
				out.WriteString(f(rest[1:j]))
				i += 1 + j + 1
				continue
			}
		default:
			// envsubst reads the whole name a shell would ($QRst… is the
			// variable QRst…): a run of capitals going on in lower case
			// is no capitals' placeholder (a bcrypt hash's $2y$10$QRst…).
			if name := argoBare.FindString(rest); name != "" && !continuesName(rest[len(name):]) {
				out.WriteString(f(name))
				i += 1 + len(name)
				continue
			}
		}
		out.WriteByte('$')
		i++
	}
	return out.String()
}

// continuesName reports whether rest starts with a lower-case letter, by
// which a shell variable name would go on.
func continuesName(rest string) bool {
	return rest != "" && rest[0] >= 'a' && rest[0] <= 'z'
}

// mapStrings applies f to every string of a values tree.
func mapStrings(v any, f func(string) string) any {
	switch x := v.(type) {
	case string:
		return f(x)
	case map[string]any:
		for k, it := range x {
			x[k] = mapStrings(it, f)
		}
	case []any:
		for i, it := range x {
			x[i] = mapStrings(it, f)
		}
	}
	return v
}

// note is the coverage note of the placeholders left unknown, nil when
// none.
func (e *argoEnv) note(rng lint.Range) *lint.Note {
	if e.count == 0 {
		return nil
	}
	why := "not in Argo CD's build environment: the repository's own pipeline (envsubst in a script or CI) presumably fills them in before applying the Application (Argo CD itself passes them on in values and empties them in parameters)"
	if _, build := argoBuildVars[e.first]; build {
		why = "Argo CD build variables known only when it syncs (or placeholders left to the repository's own pipeline)"
	}
	return &lint.Note{Kind: lint.Unresolved, Range: rng,
		What: fmt.Sprintf("%s: %d placeholder(s) (the first ${%s}) left unknown, %s", e.label, e.count, e.first, why)}
}
