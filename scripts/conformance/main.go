//go:build devtools

// Command conformance regenerates the Terraform side of faultline's
// evaluator conformance suite.
//
// It reads the cases of parsers/terraform/eval/testdata/conformance/cases.hcl
// (pure Terraform expressions), evaluates each one with the Terraform CLI's
// `terraform console`, offline, and writes what Terraform returned to
// parsers/terraform/eval/testdata/conformance/expected.json, which
// parsers/terraform/eval/conformance_test.go compares faultline's evaluator with.
//
// Each case runs in a temporary directory holding variables.tf (variables
// with defaults, no provider), the files of files/ (for file(),
// templatefile(), fileset(), …) and main.tf with one local, `x = <expr>`.
// Console is asked `jsonencode(local.x)` and `type(local.x)`, so the value
// and its type are both exact; an error from Terraform is recorded as the
// case's error (faultline must then not give a known value).
//
// Run from the repository root:
//
//	go run -tags devtools ./scripts/conformance            # uses terraform from PATH
//	go run -tags devtools ./scripts/conformance -terraform /path/to/terraform
//
// A case that calls a provider-defined function (provider::aws::arn_parse)
// also gets providers.tf requiring that provider; the provider is
// installed once per run, by `terraform init` from a filesystem mirror
// (-provider-mirror, a directory laid out as
// registry.terraform.io/hashicorp/aws/<version>/<os_arch>/), and its version
// is recorded in expected.json. -only-new evaluates only the cases that
// expected.json lacks or whose expression changed, keeping the others as
// recorded (the Terraform version must be the one that recorded them):
//
//	go run -tags devtools ./scripts/conformance -provider-mirror /opt/tf-plugins -only-new
//
// Checkpoint (version checks) is disabled, and providers come from the
// mirror alone: nothing leaves the machine.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// result is one case as Terraform evaluated it (the format of
// expected.json, read by conformance_test.go).
type result struct {
	Name string `json:"name"`
	Expr string `json:"expr"`
	// JSON is jsonencode of the value; Type its type as console prints it,
	// whitespace removed. Both are empty when Error is set.
	JSON  string `json:"json,omitempty"`
	Type  string `json:"type,omitempty"`
	Error string `json:"error,omitempty"`
	// Unknown is set when Terraform itself leaves the value unknown
	// (console prints "(known after apply)").
	Unknown bool `json:"unknown,omitempty"`
}

// output is expected.json.
type output struct {
	Terraform string `json:"terraform"`
	// Providers are the versions of the providers whose functions cases
	// call, by source address ("registry.terraform.io/hashicorp/aws").
	Providers map[string]string `json:"providers,omitempty"`
	Cases     []result          `json:"cases"`
}

func main() {
	dir := flag.String("dir", "parsers/terraform/eval/testdata/conformance", "directory of cases.hcl, variables.tf and expected.json")
	tf := flag.String("terraform", "terraform", "the Terraform CLI")
	mirror := flag.String("provider-mirror", "", "a filesystem mirror of the providers whose functions cases call")
	onlyNew := flag.Bool("only-new", false, "evaluate only cases expected.json lacks or whose expression changed")
	flag.Parse()
	if err := run(*dir, *tf, *mirror, *onlyNew); err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(1)
	}
}

func run(dir, tf, mirror string, onlyNew bool) error {
	src, err := os.ReadFile(filepath.Join(dir, "cases.hcl"))
	if err != nil {
		return fmt.Errorf("reading cases: %w", err)
	}
	cases, err := parseCases(src, "cases.hcl")
	if err != nil {
		return err
	}
	fixture, err := readFixture(dir)
	if err != nil {
		return err
	}
	version, err := terraformVersion(tf)
	if err != nil {
		return err
	}
	recorded, err := readRecorded(dir, version, onlyNew)
	if err != nil {
		return err
	}
	out := output{Terraform: version, Providers: recorded.Providers}
	ws := &providerWorkspace{tf: tf, mirror: mirror}
	defer ws.close()
	for _, c := range cases {
		if r, ok := recorded.cases[c.name]; ok && r.Expr == c.expr {
			out.Cases = append(out.Cases, r)
			continue
		}
		var env []string
		var extra map[string][]byte
		if needs := providersCalled(c); len(needs) > 0 {
			if env, extra, err = ws.prepare(needs); err != nil {
				return fmt.Errorf("case %s: %w", c.name, err)
			}
			if out.Providers == nil {
				out.Providers = map[string]string{}
			}
			for addr, v := range ws.versions {
				out.Providers[addr] = v
			}
		}
		r, err := evaluate(tf, fixture, c, extra, env)
		if err != nil {
			return fmt.Errorf("case %s: %w", c.name, err)
		}
		out.Cases = append(out.Cases, r)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding results: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "expected.json"), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("writing results: %w", err)
	}
	fmt.Printf("%d cases evaluated with %s\n", len(out.Cases), version)
	return nil
}

// tcase is one case of cases.hcl: its name and expression source.
type tcase struct{ name, expr string }

// parseCases reads the case blocks of cases.hcl.
func parseCases(src []byte, filename string) ([]tcase, error) {
	f, diags := hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	if diags.HasErrors() {
		return nil, fmt.Errorf("parsing cases: %w", diags)
	}
	var out []tcase
	seen := map[string]bool{}
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		if b.Type != "case" || len(b.Labels) != 1 {
			return nil, fmt.Errorf("%s: want case \"name\" { expr = ... }", b.DefRange())
		}
		a, ok := b.Body.Attributes["expr"]
		if !ok {
			return nil, fmt.Errorf("%s: case %s has no expr", b.DefRange(), b.Labels[0])
		}
		if seen[b.Labels[0]] {
			return nil, fmt.Errorf("%s: case %s is defined twice", b.DefRange(), b.Labels[0])
		}
		seen[b.Labels[0]] = true
		out = append(out, tcase{name: b.Labels[0], expr: string(a.Expr.Range().SliceBytes(src))})
	}
	return out, nil
}

// terraformVersion returns the first line of `terraform version`.
func terraformVersion(tf string) (string, error) {
	out, err := exec.Command(tf, "version").Output()
	if err != nil {
		return "", fmt.Errorf("running %s version: %w", tf, err)
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(line), nil
}

// readFixture returns the files every case directory holds, by relative
// path: variables.tf and files/*.
func readFixture(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	b, err := os.ReadFile(filepath.Join(dir, "variables.tf"))
	if err != nil {
		return nil, fmt.Errorf("reading variables: %w", err)
	}
	out["variables.tf"] = b
	entries, err := os.ReadDir(filepath.Join(dir, "files"))
	if err != nil {
		return nil, fmt.Errorf("reading files: %w", err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, "files", e.Name()))
		if err != nil {
			return nil, fmt.Errorf("reading files: %w", err)
		}
		out["files/"+e.Name()] = b
	}
	return out, nil
}

// evaluate runs one case through terraform console; extra are files the
// case's directory holds besides the fixture (providers.tf and the lock
// file for a case calling provider functions), env what console's
// environment adds.
func evaluate(tf string, fixture map[string][]byte, c tcase, extra map[string][]byte, env []string) (result, error) {
	r := result{Name: c.name, Expr: c.expr}
	dir, err := os.MkdirTemp("", "faultline-conformance-")
	if err != nil {
		return r, fmt.Errorf("creating a directory: %w", err)
	}
	defer os.RemoveAll(dir)
	main := "locals {\n  x = " + c.expr + "\n}\n"
	files := map[string][]byte{}
	for rel, b := range fixture {
		files[rel] = b
	}
	for rel, b := range extra {
		files[rel] = b
	}
	for rel, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return r, fmt.Errorf("writing %s: %w", rel, err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return r, fmt.Errorf("writing %s: %w", rel, err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(main), 0o644); err != nil {
		return r, fmt.Errorf("writing the case: %w", err)
	}
	js, errText, err := console(tf, dir, "jsonencode(local.x)", env)
	if err != nil {
		return r, err
	}
	if errText != "" {
		r.Error = errText
		return r, nil
	}
	if js == unknownText {
		r.Unknown = true
		return r, nil
	}
	if r.JSON, err = consoleString(js); err != nil {
		return r, fmt.Errorf("reading console's jsonencode output %q: %w", js, err)
	}
	ty, errText, err := console(tf, dir, "type(local.x)", env)
	if err != nil {
		return r, err
	}
	if errText != "" {
		return r, fmt.Errorf("type() failed after jsonencode() did not: %s", errText)
	}
	r.Type = compactType(ty)
	return r, nil
}

var (
	ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)
	// sourceLine is a quoted source line of a diagnostic ("2:   x = ...").
	sourceLine = regexp.MustCompile(`^[0-9]+: `)
)

// console evaluates one expression in dir. errText is Terraform's error
// (its summaries and details, box drawing removed) when it reported one.
func console(tf, dir, expr string, env []string) (out, errText string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tf, "console")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(expr + "\n")
	cmd.Env = append(os.Environ(), "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", "TF_CLI_CONFIG_FILE=/dev/null", "NO_COLOR=1")
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	diag := errorText(ansi.ReplaceAllString(stderr.String(), ""))
	var exit *exec.ExitError
	switch {
	case runErr != nil && !errors.As(runErr, &exit):
		return "", "", fmt.Errorf("running terraform console: %w", runErr)
	case diag != "":
		return "", diag, nil
	case runErr != nil:
		return "", "", fmt.Errorf("terraform console failed without an error: %s", stderr.String())
	}
	return strings.TrimSpace(stdout.String()), "", nil
}

// errorText keeps the text of the Error diagnostics in console's stderr.
func errorText(s string) string {
	var out []string
	inError := false
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(strings.TrimLeft(line, "│╷╵ "))
		switch {
		case strings.HasPrefix(line, "Error: "):
			inError = true
		case strings.HasPrefix(line, "Warning: "):
			inError = false
			continue
		}
		if inError && line != "" && !strings.HasPrefix(line, "on ") && !strings.ContainsAny(line, "├│") && !sourceLine.MatchString(line) {
			out = append(out, line)
		}
	}
	s = strings.Join(out, " ")
	if len(s) > maxErrorText {
		s = s[:maxErrorText] + " …" // a panic's stack trace, say
	}
	return s
}

// maxErrorText bounds an error's text in expected.json.
const maxErrorText = 400

// unknownText is how console prints an unknown value.
const unknownText = "(known after apply)"

// consoleString reads console's printing of a string value: Go's quoting
// (templates such as ${ are not escaped).
func consoleString(s string) (string, error) {
	return strconv.Unquote(s)
}

// compactType joins console's multi-line type printing into one line,
// trailing commas removed: object({a: number,b: list(string)}). Attribute
// names are printed as they are, unquoted.
func compactType(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	s = strings.Join(lines, "")
	for _, close := range []string{"}", "]", ")"} {
		s = strings.ReplaceAll(s, ","+close, close)
	}
	return s
}
