// Package instancetypesgen is the code of the instancetypes development tool; its command,
// scripts/instancetypes, is built only with the devtools build tag so that `go install ./...`
// (pre-commit's golang hook) builds the product alone:
//
//	go run -tags devtools ./scripts/instancetypes
//
// What the tool does is in the command's documentation.
package instancetypesgen

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
)

// source is one input file and the label the generated header cites it by.
type source struct {
	path, label string
}

// config is the generator's command line.
type config struct {
	autoscaler, instanceInfo, eniMaxPods, karpenterDoc source
	out                                                string
}

// Main runs the command on os.Args and exits with its status.
func Main() {
	cfg, err := parseFlags(os.Args[1:])
	if err == nil {
		err = run(cfg, os.Stderr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "instancetypes:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("instancetypes", flag.ContinueOnError)
	fs.StringVar(&cfg.autoscaler.path, "autoscaler", "", "cluster-autoscaler ec2_instance_types.go (required)")
	fs.StringVar(&cfg.autoscaler.label, "autoscaler-source", "", "repository@commit:path cited for -autoscaler")
	fs.StringVar(&cfg.instanceInfo.path, "instance-info", "", "amazon-eks-ami nodeadm instance-info.jsonl")
	fs.StringVar(&cfg.instanceInfo.label, "instance-info-source", "", "repository@commit:path cited for -instance-info")
	fs.StringVar(&cfg.eniMaxPods.path, "eni-max-pods", "", "amazon-eks-ami eni-max-pods.txt")
	fs.StringVar(&cfg.eniMaxPods.label, "eni-max-pods-source", "", "repository@commit:path cited for -eni-max-pods")
	fs.StringVar(&cfg.karpenterDoc.path, "karpenter-doc", "", "karpenter-provider-aws reference/instance-types.md")
	fs.StringVar(&cfg.karpenterDoc.label, "karpenter-doc-source", "", "repository@commit:path cited for -karpenter-doc")
	fs.StringVar(&cfg.out, "out", "internal/instancetypes/zz_generated.go", "Go file to write")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if cfg.autoscaler.path == "" {
		return config{}, fmt.Errorf("-autoscaler is required")
	}
	for _, s := range cfg.sources() {
		if s.path != "" && s.label == "" {
			return config{}, fmt.Errorf("%s has no -...-source label to cite it by", s.path)
		}
	}
	return cfg, nil
}

func (c config) sources() []source {
	return []source{c.autoscaler, c.instanceInfo, c.eniMaxPods, c.karpenterDoc}
}

// run reads the inputs, merges them and writes the table; what does not
// agree between sources is reported on log.
func run(cfg config, log io.Writer) error {
	in, err := readInputs(cfg)
	if err != nil {
		return err
	}
	facts := merge(in, log)
	src, err := render(cfg, facts)
	if err != nil {
		return err
	}
	if err := os.WriteFile(cfg.out, src, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", cfg.out, err)
	}
	fmt.Fprintf(log, "instancetypes: wrote %s: %d instance types, %d bytes\n", cfg.out, len(facts), len(src))
	return nil
}

// inputs are the parsed sources; absent ones are nil.
type inputs struct {
	autoscaler, doc  map[string]fact
	info, eniMaxPods map[string]int
}

func readInputs(cfg config) (inputs, error) {
	var in inputs
	data, err := os.ReadFile(cfg.autoscaler.path)
	if err != nil {
		return in, fmt.Errorf("read -autoscaler: %w", err)
	}
	if in.autoscaler, err = parseAutoscaler(cfg.autoscaler.path, data); err != nil {
		return in, err
	}
	if in.info, err = readOptional(cfg.instanceInfo.path, parseInstanceInfo); err != nil {
		return in, err
	}
	if in.eniMaxPods, err = readOptional(cfg.eniMaxPods.path, parseENIMaxPods); err != nil {
		return in, err
	}
	in.doc, err = readOptional(cfg.karpenterDoc.path, parseKarpenterDoc)
	return in, err
}

// readOptional parses the file at path, or returns nil when path is empty.
func readOptional[T any](path string, parse func(string, io.Reader) (T, error)) (T, error) {
	var zero T
	if path == "" {
		return zero, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return zero, fmt.Errorf("read %s: %w", path, err)
	}
	return parse(path, bytes.NewReader(data))
}
