package kube

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// iamNameAt reads the IAM role or instance profile name at a key path. In
// a file as written, a name holding a template placeholder a later step
// fills (`${CLUSTER_NAME}-node-role`, `{{ .Values.cluster }}-nodes`) is
// known only around it: IAM names are letters, digits and `+=,.@_-`, so
// the placeholder is never part of the name applied. What a chart or
// Terraform rendered, or a Flux Kustomization substituted, is what is
// applied.
func (d *doc) iamNameAt(keys ...string) lint.Ref {
	r := d.refAt(keys...)
	s, ok := r.Value.Str()
	if !ok || !d.asWritten() || d.opts.Substituted || lint.HasSentinel(s) {
		return r
	}
	if v, ok := aroundPlaceholders(s); ok {
		r.Value = v
	}
	return r
}

// aroundPlaceholders is s with the span from its first template
// placeholder to the end of its last one not known (anyText); false when
// s holds none.
func aroundPlaceholders(s string) (lint.Value, bool) {
	spans := templatePlaceholder.FindAllStringIndex(s, -1)
	if len(spans) == 0 {
		return lint.Value{}, false
	}
	end := 0
	for _, sp := range spans {
		e := sp[1]
		switch s[sp[0]:sp[1]] {
		case "${", "{%", "<%", "{{":
			// An opening delimiter: the placeholder runs to its close.
			closer := map[string]string{"${": "}", "{%": "%}", "<%": "%>", "{{": "}}"}[s[sp[0]:sp[1]]]
			i := strings.Index(s[sp[1]:], closer)
			if i < 0 {
				return lint.Value{}, false
			}
			e = sp[1] + i + len(closer)
		}
		end = max(end, e)
	}
	return lint.Concat(lint.Known(s[:spans[0][0]]), anyText(), lint.Known(s[end:])), true
}
