package terragrunt

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// maxParents bounds find_in_parent_folders' walk up.
const maxParents = 64

// unrun are Terragrunt's functions that would run a command, call AWS or
// decrypt a file: never run, their result is an unknown string.
var unrun = map[string]string{
	"run_cmd":                         "would run a command",
	"sops_decrypt_file":               "would decrypt a file",
	"get_aws_account_id":              "would call AWS",
	"get_aws_account_alias":           "would call AWS",
	"get_aws_caller_identity_arn":     "would call AWS",
	"get_aws_caller_identity_user_id": "would call AWS",
	"get_platform":                    "depends on the machine Terragrunt runs on",
}

// varCommands are the Terraform commands that take variables, as
// Terragrunt's get_terraform_commands_that_need_* list them.
var varCommands = map[string][]string{
	"get_terraform_commands_that_need_vars":        {"apply", "console", "destroy", "import", "plan", "push", "refresh"},
	"get_terraform_commands_that_need_input":       {"apply", "import", "init", "plan", "refresh"},
	"get_terraform_commands_that_need_locking":     {"apply", "destroy", "import", "init", "plan", "refresh", "taint", "untaint"},
	"get_terraform_commands_that_need_parallelism": {"apply", "plan", "destroy"},
}

// funcs is the function table of a scope: Terragrunt's, and Terraform's
// file functions when they resolve paths apart from the unit's directory;
// the rest of Terraform's are in the parent context (evalCtx).
func (u *unitEval) funcs(s *scope) map[string]function.Function {
	if s.funcs != nil && s.funcsOf == u.ce {
		return s.funcs
	}
	fs := make(map[string]function.Function, 48)
	if s.base != "" && s.base != u.phys {
		for _, name := range fileFuncs {
			if f, ok := u.tf[name]; ok {
				fs[name] = u.rebased(f, s.base)
			}
		}
	}
	str := func(f func() string) function.Function {
		return function.New(&function.Spec{Type: function.StaticReturnType(cty.String), Impl: func([]cty.Value, cty.Type) (cty.Value, error) {
			return cty.StringVal(f()), nil
		}})
	}
	fs["find_in_parent_folders"] = u.findInParentFolders(s)
	fs["path_relative_to_include"] = u.includeRel(s, false)
	fs["path_relative_from_include"] = u.includeRel(s, true)
	fs["get_parent_terragrunt_dir"] = u.parentDir(s)
	fs["get_terragrunt_dir"] = str(s.dir)
	fs["get_original_terragrunt_dir"] = str(func() string {
		u.impure++ // the unit's directory
		return s.original
	})
	repo := func() string { return u.l.repoRootOf(s.dir()) }
	fs["get_repo_root"] = str(repo)
	fs["get_path_from_repo_root"] = str(func() string { return slashRel(repo(), s.dir()) })
	fs["get_path_to_repo_root"] = str(func() string { return slashRel(s.dir(), repo()) })
	fs["get_terraform_command"] = str(func() string { return "plan" })
	fs["get_terraform_cli_args"] = function.New(&function.Spec{Type: function.StaticReturnType(cty.List(cty.String)), Impl: func([]cty.Value, cty.Type) (cty.Value, error) {
		return cty.ListValEmpty(cty.String), nil
	}})
	for name, cmds := range varCommands {
		fs[name] = function.New(&function.Spec{Type: function.StaticReturnType(cty.List(cty.String)), Impl: func([]cty.Value, cty.Type) (cty.Value, error) {
			vals := make([]cty.Value, len(cmds))
			for i, c := range cmds {
				vals[i] = cty.StringVal(c)
			}
			return cty.ListVal(vals), nil
		}})
	}
	fs["get_env"] = u.getEnv()
	fs["mark_as_read"] = function.New(&function.Spec{Params: []function.Parameter{{Name: "path", Type: cty.String, AllowUnknown: true}}, Type: function.StaticReturnType(cty.String), Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		return args[0], nil
	}})
	fs["read_terragrunt_config"] = u.readConfigFunc(s)
	fs["read_tfvars_file"] = u.readTfvarsFunc(s)
	for name := range unrun {
		fs[name] = u.unknownFunc()
	}
	fs["get_aws_account_id"] = u.callerAccount()
	s.funcs, s.funcsOf = fs, u.ce
	return fs
}

// fileFuncs are Terraform's functions that read the file at a path they
// are given: those Terraform's lang.Scope builds on its BaseDir.
//
// Terragrunt gives them, as BaseDir, the directory of the file being
// parsed: pkg/config/config_helpers.go createTerragruntEvalContext builds
// tflang.Scope{BaseDir: filepath.Dir(configPath)} from file.ConfigPath,
// and an include is parsed as a file of its own (include.go
// parseIncludedConfig → ParseConfigFile(includePath)), so file("x") in
// an included root.hcl reads x beside root.hcl. Terragrunt's own
// functions (find_in_parent_folders, get_terragrunt_dir,
// read_terragrunt_config, read_tfvars_file) read
// pctx.TerragruntConfigPath or pctx.WorkingDir instead, which an include
// leaves the including unit's; only read_terragrunt_config moves them to
// the file it reads (ParsingContext.WithConfigPath). abspath is not among
// them: Terraform resolves it against the process's directory.
var fileFuncs = []string{"file", "fileexists", "fileset", "filebase64", "filemd5", "filesha1", "filesha256", "filesha512", "filebase64sha256", "filebase64sha512", "templatefile"}

// rebased is f (one of fileFuncs, resolving relative paths against the
// unit's directory) resolving a relative path against base instead; an
// error names the file relative to the scan root. A template's own file
// calls still resolve against the unit's directory.
func (u *unitEval) rebased(f function.Function, base string) function.Function {
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      f.Params(),
		VarParam:    f.VarParam(),
		Type:        func(args []cty.Value) (cty.Type, error) { return f.ReturnTypeForValues(args) },
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p, ok := knownString(args[0])
			if !ok || filepath.IsAbs(p) {
				return f.Call(args)
			}
			// Where the unit lies decides whether this call is rebased
			// (funcs), and so how its errors read.
			u.impure++
			abs := filepath.Join(base, p)
			args = append([]cty.Value{cty.StringVal(abs)}, args[1:]...)
			v, err := f.Call(args)
			if err == nil {
				return v, nil
			}
			msg := strings.ReplaceAll(err.Error(), abs, u.l.rel(abs))
			var ae function.ArgError
			if errors.As(err, &ae) {
				return v, function.NewArgErrorf(ae.Index, "%s", msg)
			}
			return v, errors.New(msg)
		},
	})
}

// hole is an unknown string: one of the run's anonymous holes.
func (u *unitEval) hole() cty.Value {
	u.impure++ // fresh: it equals no other unit's
	return cty.StringVal(u.l.opts.Holes.Anonymous())
}

// callerAccount is get_aws_account_id(): not run (it would call AWS),
// its value the unit's own account, known only when Terragrunt runs — a
// hole naming lint.CallerAccountFunc in the unit, which a principal
// written with it reads as the account of the unit's Terraform, as it
// reads data.aws_caller_identity's account_id.
func (u *unitEval) callerAccount() function.Function {
	return function.New(&function.Spec{
		Type: function.StaticReturnType(cty.String),
		Impl: func([]cty.Value, cty.Type) (cty.Value, error) {
			u.impure++ // the account Terragrunt runs with, which nothing in the tree says
			return cty.StringVal(u.l.opts.Holes.Sentinel(lint.HoleRef{Object: u.l.rel(u.phys) + ":" + lint.CallerAccountFunc})), nil
		},
	})
}

// unknownFunc takes any arguments and returns an unknown string.
func (u *unitEval) unknownFunc() function.Function {
	return function.New(&function.Spec{
		VarParam: &function.Parameter{Name: "args", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowNull: true, AllowDynamicType: true},
		Type:     function.StaticReturnType(cty.String),
		Impl:     func([]cty.Value, cty.Type) (cty.Value, error) { return u.hole(), nil },
	})
}

// getEnv is get_env(name, default): the default when one is given (the
// environment faultline runs in is not the one Terragrunt would), else an
// unknown string.
func (u *unitEval) getEnv() function.Function {
	return function.New(&function.Spec{
		Params:   []function.Parameter{{Name: "name", Type: cty.String, AllowUnknown: true}},
		VarParam: &function.Parameter{Name: "default", Type: cty.String, AllowUnknown: true},
		Type:     function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if len(args) > 1 {
				return args[1], nil
			}
			return u.hole(), nil
		},
	})
}

// knownString is a string argument that is known and holds no hole.
func knownString(v cty.Value) (string, bool) {
	if !v.IsKnown() || v.IsNull() || v.Type() != cty.String || lint.HasSentinel(v.AsString()) {
		return "", false
	}
	return v.AsString(), true
}

// findInParentFolders is find_in_parent_folders(name, fallback): the
// first name found in the directories above the configuration, within
// the tree.
func (u *unitEval) findInParentFolders(s *scope) function.Function {
	return function.New(&function.Spec{
		VarParam: &function.Parameter{Name: "args", Type: cty.String, AllowUnknown: true},
		Type:     function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			name := unitFile
			if len(args) > 0 {
				n, ok := knownString(args[0])
				if !ok {
					return cty.UnknownVal(cty.String), nil
				}
				name = n
			}
			if p, ok := u.findUp(filepath.Dir(s.dir()), name); ok {
				return cty.StringVal(p), nil
			}
			if len(args) > 1 {
				return args[1], nil
			}
			return cty.UnknownVal(cty.String), fmt.Errorf("no %s in the folders above %s within the scanned tree", name, u.l.rel(s.dir()))
		},
	})
}

// findUp looks for name in dir and the directories above it, staying in
// the tree.
func (u *unitEval) findUp(dir, name string) (string, bool) {
	for range maxParents {
		if !u.l.inTree(u.toPhys(dir)) {
			return "", false
		}
		p := filepath.Join(dir, name)
		if u.l.exists(u.toPhys(p)) {
			return p, true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", false
		}
		dir = up
	}
	return "", false
}

// includeRel is path_relative_to_include(name) (from false: the path from
// the included file's directory to the configuration's) and
// path_relative_from_include(name) (the other way).
func (u *unitEval) includeRel(s *scope, from bool) function.Function {
	return function.New(&function.Spec{
		VarParam: &function.Parameter{Name: "name", Type: cty.String},
		Type:     function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			inc := s.include(optName(args))
			if inc == nil && s.includeUnread(optName(args)) {
				return cty.UnknownVal(cty.String), nil
			}
			if inc == nil {
				return cty.StringVal("."), nil
			}
			if from {
				return cty.StringVal(slashRel(s.dir(), filepath.Dir(inc.path))), nil
			}
			return cty.StringVal(slashRel(filepath.Dir(inc.path), s.dir())), nil
		},
	})
}

// parentDir is get_parent_terragrunt_dir(name): the included file's
// directory.
func (u *unitEval) parentDir(s *scope) function.Function {
	return function.New(&function.Spec{
		VarParam: &function.Parameter{Name: "name", Type: cty.String},
		Type:     function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if inc := s.include(optName(args)); inc != nil {
				return cty.StringVal(filepath.Dir(inc.path)), nil
			}
			if s.includeUnread(optName(args)) {
				return cty.UnknownVal(cty.String), nil
			}
			return cty.StringVal(s.dir()), nil
		},
	})
}

func optName(args []cty.Value) string {
	if len(args) > 0 && args[0].IsKnown() && !args[0].IsNull() {
		return args[0].AsString()
	}
	return ""
}

// slashRel is the relative path from base to p, with forward slashes.
func slashRel(base, p string) string {
	r, err := filepath.Rel(base, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// readConfigFunc is read_terragrunt_config(path, default): the locals,
// inputs, dependencies, terraform source and remote state of another
// configuration, evaluated in its own directory.
func (u *unitEval) readConfigFunc(s *scope) function.Function {
	return function.New(&function.Spec{
		Params:   []function.Parameter{{Name: "path", Type: cty.String, AllowUnknown: true}},
		VarParam: &function.Parameter{Name: "default", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowNull: true, AllowDynamicType: true},
		Type:     function.StaticReturnType(cty.DynamicPseudoType),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p, ok := knownString(args[0])
			if !ok {
				return cty.DynamicVal, nil
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(s.dir(), p)
			}
			p = filepath.Clean(p)
			if obj, ok := u.replayRead(p); ok {
				return obj, nil
			}
			rec := u.startRead(p)
			f, c, err := u.config(p, s.original)
			if err != nil {
				u.endRead(rec, cty.NilVal)
				if len(args) > 1 {
					return args[1], nil
				}
				return cty.DynamicVal, fmt.Errorf("read_terragrunt_config: %w", err)
			}
			obj := u.configObject(f, c, newEnv(cty.DynamicVal))
			u.recordRead(f.path, obj.GetAttr("locals"))
			u.endRead(rec, obj)
			return obj, nil
		},
	})
}

// readTfvarsFile is read_tfvars_file(path): the variables of a .tfvars or
// .tfvars.json file, as JSON.
func (u *unitEval) readTfvarsFunc(s *scope) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String, AllowUnknown: true}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p, ok := knownString(args[0])
			if !ok {
				return cty.UnknownVal(cty.String), nil
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(s.dir(), p)
			}
			v, err := u.tfvars(u.toPhys(p))
			if err != nil {
				return cty.UnknownVal(cty.String), fmt.Errorf("read_tfvars_file: %w", err)
			}
			return v, nil
		},
	})
}

// tfvars reads a variables file into a JSON string.
func (u *unitEval) tfvars(phys string) (cty.Value, error) {
	if strings.HasSuffix(phys, ".json") {
		src, err := u.l.opts.Tree.ReadFile(phys, maxConfigFile)
		if err != nil {
			return cty.NilVal, fmt.Errorf("reading %s: %w", u.l.rel(phys), err)
		}
		if !u.ce.Spend(len(src), u.l.rel(phys)) || !json.Valid(src) {
			return cty.NilVal, fmt.Errorf("%s is not valid JSON", u.l.rel(phys))
		}
		u.l.markRead(phys)
		u.addJSONFile(phys)
		return cty.StringVal(string(src)), nil
	}
	body, err := u.l.parse(phys)
	if err != nil {
		return cty.NilVal, err
	}
	u.addFile(phys, body)
	attrs := map[string]cty.Value{}
	for n, a := range body.Attributes {
		v, diags := u.ce.Value(a.Expr, &hcl.EvalContext{})
		if diags.HasErrors() || !v.IsWhollyKnown() {
			return cty.NilVal, fmt.Errorf("%s: %s is not a constant", u.l.rel(phys), n)
		}
		attrs[n] = v
	}
	obj := cty.ObjectVal(attrs)
	js, err := ctyjson.Marshal(obj, obj.Type())
	if err != nil {
		return cty.NilVal, fmt.Errorf("%s: %w", u.l.rel(phys), err)
	}
	return cty.StringVal(string(js)), nil
}

// noteUnrun notes each call in body of a function that is not run, and
// each get_env without a default.
func (u *unitEval) noteUnrun(body *hclsyntax.Body) {
	for _, n := range u.l.unrunNotes(body) {
		u.addNote(n)
	}
}

// unrunNotes are noteUnrun's notes of body, found once per file.
func (l *loader) unrunNotes(body *hclsyntax.Body) []lint.Note {
	l.mu.Lock()
	notes, ok := l.unrun[body]
	l.mu.Unlock()
	if ok {
		return notes
	}
	_ = hclsyntax.VisitAll(body, func(n hclsyntax.Node) hcl.Diagnostics {
		call, ok := n.(*hclsyntax.FunctionCallExpr)
		if !ok {
			return nil
		}
		if why, ok := unrun[call.Name]; ok {
			notes = append(notes, l.note(lint.Unresolved, call.Range(), "terragrunt: %s() is not run (it %s); its value is unknown", call.Name, why))
		}
		if call.Name == "get_env" && len(call.Args) < 2 {
			notes = append(notes, l.note(lint.Unresolved, call.Range(), "terragrunt: get_env() without a default is unknown (faultline does not read the environment)"))
		}
		return nil
	})
	l.mu.Lock()
	l.unrun[body] = notes
	l.mu.Unlock()
	return notes
}
