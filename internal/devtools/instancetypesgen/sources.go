package instancetypesgen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"strconv"
	"strings"
)

// fact is what the generator knows of one instance type; zero fields are
// unknown.
type fact struct {
	Name            string
	VCPU            int
	MemoryMiB       int64
	Arch            string
	GPU             int
	GPUManufacturer string
	GPUName         string
	GPUMemoryMiB    int64
	MaxPods         int
}

// parseAutoscaler reads the InstanceTypes map of the cluster-autoscaler's
// generated cloudprovider/aws/ec2_instance_types.go with go/parser.
func parseAutoscaler(name string, src []byte) (map[string]fact, error) {
	file, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", name, err)
	}
	lit := findVar(file, "InstanceTypes")
	if lit == nil {
		return nil, fmt.Errorf("%s: no var InstanceTypes = map[...]{...}", name)
	}
	out := map[string]fact{}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nil, fmt.Errorf("%s: InstanceTypes element is not key: value", name)
		}
		f, err := autoscalerEntry(kv.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		key, err := stringLit(kv.Key)
		if err != nil || key != f.Name {
			return nil, fmt.Errorf("%s: key %q does not match InstanceType %q", name, key, f.Name)
		}
		out[f.Name] = f
	}
	return out, nil
}

// findVar returns the composite literal a package-level var is set to.
func findVar(file *ast.File, name string) *ast.CompositeLit {
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.VAR {
			continue
		}
		for _, spec := range gen.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, id := range vs.Names {
				if id.Name != name || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.CompositeLit); ok {
					return lit
				}
			}
		}
	}
	return nil
}

// autoscalerEntry reads one {InstanceType: ..., VCPU: ..., ...} literal
// (written bare or as &InstanceType{...}).
func autoscalerEntry(e ast.Expr) (fact, error) {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return fact{}, fmt.Errorf("InstanceTypes value is not a composite literal")
	}
	var f fact
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return fact{}, fmt.Errorf("InstanceType field is not key: value")
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return fact{}, fmt.Errorf("InstanceType field key is not a name")
		}
		if err := setAutoscalerField(&f, id.Name, kv.Value); err != nil {
			return fact{}, fmt.Errorf("field %s: %w", id.Name, err)
		}
	}
	if f.Name == "" || f.VCPU <= 0 || f.MemoryMiB <= 0 {
		return fact{}, fmt.Errorf("entry %q lacks a name, vCPU or memory", f.Name)
	}
	return f, nil
}

func setAutoscalerField(f *fact, field string, v ast.Expr) error {
	var err error
	switch field {
	case "InstanceType":
		f.Name, err = stringLit(v)
	case "Architecture":
		f.Arch, err = stringLit(v)
	case "VCPU":
		f.VCPU, err = intLit(v)
	case "GPU":
		f.GPU, err = intLit(v)
	case "MemoryMb":
		var n int
		n, err = intLit(v)
		f.MemoryMiB = int64(n)
	}
	return err
}

func stringLit(e ast.Expr) (string, error) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", fmt.Errorf("not a string literal")
	}
	return strconv.Unquote(b.Value)
}

func intLit(e ast.Expr) (int, error) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.INT {
		return 0, fmt.Errorf("not an integer literal")
	}
	n, err := strconv.Atoi(b.Value)
	if err != nil {
		return 0, fmt.Errorf("integer %s: %w", b.Value, err)
	}
	return n, nil
}

// parseInstanceInfo reads amazon-eks-ami's
// nodeadm/internal/kubelet/instance-info.jsonl and computes each type's
// max pods as nodeadm's calculateStandardMaxPods does:
// defaultMaxENIs * (ipv4AddressesPerInterface - 1) + 2.
func parseInstanceInfo(name string, r io.Reader) (map[string]int, error) {
	out := map[string]int{}
	s := bufio.NewScanner(r)
	for n := 1; s.Scan(); n++ {
		line := strings.TrimSpace(s.Text())
		if line == "" {
			continue
		}
		var rec struct {
			InstanceType              string `json:"instanceType"`
			DefaultMaxENIs            *int   `json:"defaultMaxENIs"`
			IPv4AddressesPerInterface *int   `json:"ipv4AddressesPerInterface"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		if rec.InstanceType == "" || rec.DefaultMaxENIs == nil || rec.IPv4AddressesPerInterface == nil {
			return nil, fmt.Errorf("%s:%d: instanceType, defaultMaxENIs or ipv4AddressesPerInterface missing", name, n)
		}
		out[rec.InstanceType] = *rec.DefaultMaxENIs*(*rec.IPv4AddressesPerInterface-1) + 2
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return out, nil
}

// parseENIMaxPods reads amazon-eks-ami's eni-max-pods.txt: "# comment"
// lines and "<instance type> <max pods>" lines.
func parseENIMaxPods(name string, r io.Reader) (map[string]int, error) {
	out := map[string]int{}
	s := bufio.NewScanner(r)
	for n := 1; s.Scan(); n++ {
		line := strings.TrimSpace(s.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 {
			return nil, fmt.Errorf("%s:%d: want \"<instance type> <max pods>\", got %q", name, n, line)
		}
		pods, err := strconv.Atoi(fields[1])
		if err != nil || pods <= 0 {
			return nil, fmt.Errorf("%s:%d: max pods %q is not a positive integer", name, n, fields[1])
		}
		out[fields[0]] = pods
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return out, nil
}

// parseKarpenterDoc reads the label tables of karpenter-provider-aws's
// generated website/.../reference/instance-types.md: a "### `type`"
// heading, then "|label|value|" rows. Only facts are kept: vCPU, memory,
// architecture and the GPU labels.
func parseKarpenterDoc(name string, r io.Reader) (map[string]fact, error) {
	out := map[string]fact{}
	var cur *fact
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for n := 1; s.Scan(); n++ {
		line := strings.TrimSpace(s.Text())
		if t, ok := strings.CutPrefix(line, "### `"); ok {
			t, ok = strings.CutSuffix(t, "`")
			if !ok || t == "" {
				return nil, fmt.Errorf("%s:%d: heading %q is not ### `type`", name, n, line)
			}
			f := out[t]
			f.Name = t
			out[t] = f
			cur = &f
			continue
		}
		if cur == nil || !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 2 {
			continue
		}
		if err := setDocLabel(cur, cells[0], cells[1]); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		out[cur.Name] = *cur
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return out, nil
}

func setDocLabel(f *fact, key, value string) error {
	var err error
	switch key {
	case "karpenter.k8s.aws/instance-cpu":
		f.VCPU, err = strconv.Atoi(value)
	case "karpenter.k8s.aws/instance-memory":
		f.MemoryMiB, err = strconv.ParseInt(value, 10, 64)
	case "kubernetes.io/arch":
		f.Arch = value
	case "karpenter.k8s.aws/instance-gpu-count":
		f.GPU, err = strconv.Atoi(value)
	case "karpenter.k8s.aws/instance-gpu-manufacturer":
		f.GPUManufacturer = value
	case "karpenter.k8s.aws/instance-gpu-name":
		f.GPUName = value
	case "karpenter.k8s.aws/instance-gpu-memory":
		f.GPUMemoryMiB, err = strconv.ParseInt(value, 10, 64)
	}
	if err != nil {
		return fmt.Errorf("label %s=%q: %w", key, value, err)
	}
	return nil
}
