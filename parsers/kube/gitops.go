package kube

import (
	slashpath "path"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
)

// gitOpsSource reads what an Argo CD Application or a Flux Kustomization
// deploys from (lint.KubeObject.Deploys); nil for other kinds, and for an
// Application whose every source is a chart (its objects are a release's).
func (d *doc) gitOpsSource() *lint.GitOpsSource {
	switch {
	case d.kind == "Application" && strings.HasPrefix(d.apiVersion, "argoproj.io/"):
		return argoSource(valueAt(d.root, "spec"))
	case d.kind == "Kustomization" && strings.HasPrefix(d.apiVersion, "kustomize.toolkit.fluxcd.io/"):
		return fluxSource(valueAt(d.root, "spec"))
	}
	return nil
}

// argoSource reads an Application spec's sources: spec.sources when it
// lists any (Argo CD then ignores spec.source), else spec.source.
func argoSource(spec *yaml.Node) *lint.GitOpsSource {
	var sources []*yaml.Node
	if list := resolve(valueAt(spec, "sources")); list != nil && list.Kind == yaml.SequenceNode && len(list.Content) > 0 {
		sources = list.Content
	} else if s := valueAt(spec, "source"); s != nil {
		sources = []*yaml.Node{s}
	}
	var out lint.GitOpsSource
	for _, src := range sources {
		repo, _ := scalar(valueAt(src, "repoURL"))
		p, hasPath := scalar(valueAt(src, "path"))
		chart, _ := scalar(valueAt(src, "chart"))
		oci := strings.HasPrefix(repo, "oci://")
		switch {
		case valueAt(src, "plugin") != nil:
			// A config management plugin renders it (KCL, cdk8s,
			// helmfile, ...): what it makes is not read.
			out.Elsewhere = true
		case chart != "" || valueAt(src, "helm") != nil && (!oci || !hasPath || p == "."):
			// A chart: a release of its own (Argo CD 3.1's native OCI
			// source of a chart is read at path ".").
		case oci:
			out.Elsewhere = true
		case !hasPath:
			// A ref source (values files for another), or nothing.
		case strings.Contains(p, "{{") || strings.Contains(p, "$"):
			out.Elsewhere = true
		default:
			out.Paths = append(out.Paths, slashpath.Clean(strings.TrimPrefix(p, "/")))
		}
	}
	if len(out.Paths) == 0 && !out.Elsewhere {
		return nil
	}
	return &out
}

// fluxSource reads a Flux Kustomization spec: an artifact source, or its
// path in a Git source ("." when unset).
func fluxSource(spec *yaml.Node) *lint.GitOpsSource {
	kind, _ := scalar(valueAt(spec, "sourceRef", "kind"))
	switch kind {
	case "OCIRepository", "Bucket", "ExternalArtifact":
		return &lint.GitOpsSource{Elsewhere: true}
	}
	p, _ := scalar(valueAt(spec, "path"))
	if strings.Contains(p, "${") {
		return &lint.GitOpsSource{Elsewhere: true}
	}
	if p == "" {
		p = "."
	}
	return &lint.GitOpsSource{Paths: []string{slashpath.Clean(strings.TrimPrefix(p, "/"))}}
}

// valueAt is the value node at keys below n, nil when a step is missing.
func valueAt(n *yaml.Node, keys ...string) *yaml.Node {
	_, v := path(n, keys...)
	return v
}
