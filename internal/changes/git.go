package changes

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// The git binary is the one program faultline starts besides itself, and
// git's configuration can name programs of its own: an fsmonitor hook, a
// pager, an external diff, textconv and filter drivers, hooks, credential
// helpers, transport commands. The repository's own .git/config is out of
// a pull request's reach, but a checked-out repository on a developer's
// machine or restored from a CI cache can carry any of them. So every git
// command runs through gitRunner.command, which
//
//   - starts from the caller's environment without any GIT_* variable
//     (GIT_DIR, GIT_WORK_TREE, GIT_EXEC_PATH, GIT_EXTERNAL_DIFF, GIT_PAGER,
//     GIT_SSH_COMMAND, GIT_CONFIG_*, GIT_TRACE*...), then sets
//     GIT_CONFIG_NOSYSTEM=1 and GIT_CONFIG_GLOBAL=/dev/null (neither the
//     system nor the user's configuration is read: both could name
//     programs too, and the result should not depend on them),
//     GIT_ATTR_NOSYSTEM=1, GIT_TERMINAL_PROMPT=0, GIT_OPTIONAL_LOCKS=0
//     (`git status` does not write the index, so no post-index-change
//     hook) and GIT_NO_LAZY_FETCH=1 (newer git: a partial clone does not
//     fetch missing objects);
//   - passes --no-pager and, with -c (which wins over every file), the
//     settings of neutralConfig;
//   - blanks, with -c, the program of every filter, diff, merge and
//     credential driver and every remote's helper commands that the
//     repository's configuration defines (driverOverrides): a driver is
//     picked by .gitattributes, which a pull request does change;
//   - keeps the safe.directory entries of the system and user
//     configuration (protectedSafeDirs): git honours them only there, and
//     CI checkouts (actions/checkout in a container) rely on them.
//
// Only the repository's .git/config (and what it includes) is still read,
// and every setting there that names a program is overridden.

// neutralConfig are the -c settings every git command gets.
func neutralConfig() []string {
	return []string{
		"core.quotePath=false",         // paths as they are, not octal-escaped
		"core.fsmonitor=false",         // no fsmonitor hook or daemon
		"core.hooksPath=" + os.DevNull, // no hook of any name
		"core.pager=cat",               // with --no-pager: no pager
		"diff.external=",               // an external diff fails instead of running
		"core.askPass=",                // nor SSH_ASKPASS
		"credential.helper=",           // empties the helper list
		"protocol.allow=never",         // no transport: no ssh, proxy, upload-pack, lazy fetch
		"uploadpack.packObjectsHook=",  // never reached without transport
		"core.alternateRefsCommand=",   // idem
		"gc.auto=0",                    // no automatic gc
		"maintenance.auto=false",       // no automatic maintenance
		"core.untrackedCache=false",    // no untracked-cache extension to keep up to date
	}
}

// driverPrograms are the settings, by section and variable name, of the
// named drivers (section.NAME.variable) that hold a command, with the
// value that turns the command off.
func driverPrograms() map[[2]string]string {
	return map[[2]string]string{
		{"filter", "clean"}:       "",
		{"filter", "smudge"}:      "",
		{"filter", "process"}:     "",
		{"filter", "required"}:    "false", // a blanked required filter would fail
		{"diff", "textconv"}:      "",
		{"diff", "command"}:       "",
		{"merge", "driver"}:       "",
		{"credential", "helper"}:  "",
		{"remote", "vcs"}:         "",
		{"remote", "uploadpack"}:  "",
		{"remote", "receivepack"}: "",
	}
}

// gitRunner runs read-only git commands in a directory (see command).
type gitRunner struct {
	dir    string
	env    []string
	config []string // -c settings
}

// newRunner prepares git commands in dir: the neutral environment and
// settings, the safe.directory entries of the caller's protected
// configuration, and the drivers of dir's repository blanked.
func newRunner(dir string) (gitRunner, error) {
	g := gitRunner{dir: dir, env: gitEnv(), config: neutralConfig()}
	for _, d := range protectedSafeDirs(dir) {
		g.config = append(g.config, "safe.directory="+d)
	}
	blank, err := g.driverOverrides()
	if err != nil {
		return g, err
	}
	g.config = append(g.config, blank...)
	return g, nil
}

// command is the one way faultline starts git: see the comment at the
// top of this file.
func (g gitRunner) command(args ...string) *exec.Cmd {
	full := make([]string, 0, 1+2*len(g.config)+len(args))
	full = append(full, "--no-pager")
	for _, c := range g.config {
		full = append(full, "-c", c)
	}
	cmd := exec.Command("git", append(full, args...)...)
	cmd.Dir = g.dir
	cmd.Env = g.env
	return cmd
}

func (g gitRunner) out(args ...string) (string, error) {
	b, err := g.outBytes(args...)
	return string(b), err
}

// outBytes runs git and returns stdout; a failure's error is git's first
// line of stderr.
func (g gitRunner) outBytes(args ...string) ([]byte, error) {
	cmd := g.command(args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, errors.New(firstLine(stderr.String(), err))
	}
	return stdout.Bytes(), nil
}

// stream runs git and hands its stdout to read while git writes it, so
// a large output is never held whole. If read fails, the rest of the
// output is drained so that git ends normally; git's failure (its first
// line of stderr) comes first, then read's.
func (g gitRunner) stream(read func(io.Reader) error, args ...string) error {
	cmd := g.command(args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return errors.New(firstLine("", err))
	}
	rerr := read(stdout)
	if rerr != nil {
		_, _ = io.Copy(io.Discard, stdout)
	}
	if err := cmd.Wait(); err != nil {
		return errors.New(firstLine(stderr.String(), err))
	}
	return rerr
}

// firstLine is git's first line of stderr without "fatal: ", else err.
func firstLine(stderr string, err error) string {
	msg := strings.TrimSpace(stderr)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	msg = strings.TrimPrefix(msg, "fatal: ")
	if msg == "" {
		msg = err.Error()
	}
	return msg
}

// driverOverrides lists the repository's configuration names (without
// values) and returns a -c setting for each one that holds a driver's
// command (see driverPrograms). A driver name -c cannot express (with
// "=" or a line break) is an error: nothing would turn it off.
func (g gitRunner) driverOverrides() ([]string, error) {
	names, err := g.outBytes("config", "--includes", "--list", "--name-only", "-z")
	if err != nil {
		return nil, fmt.Errorf("git config --list: %s", err)
	}
	progs := driverPrograms()
	seen := map[string]bool{}
	var out []string
	for _, name := range splitZ(names) {
		first, last := strings.IndexByte(name, '.'), strings.LastIndexByte(name, '.')
		if first < 0 || first == last {
			continue // no driver name
		}
		off, ok := progs[[2]string{strings.ToLower(name[:first]), strings.ToLower(name[last+1:])}]
		if !ok || seen[name] {
			continue
		}
		if strings.ContainsAny(name, "=\n") {
			return nil, fmt.Errorf("the git configuration sets %q, which cannot be overridden to keep git from running it; rename the driver", name)
		}
		seen[name] = true
		out = append(out, name+"="+off)
	}
	return out, nil
}

// gitEnv is the caller's environment without any GIT_* variable, with
// git's messages in English and the settings the top of this file lists.
func gitEnv() []string {
	var out []string
	for _, e := range os.Environ() {
		name, _, _ := strings.Cut(e, "=")
		if up := strings.ToUpper(name); strings.HasPrefix(up, "GIT_") || up == "LC_ALL" {
			continue
		}
		out = append(out, e)
	}
	return append(out,
		"LC_ALL=C",
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL="+os.DevNull,
		"GIT_ATTR_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0",
		"GIT_OPTIONAL_LOCKS=0",
		"GIT_NO_LAZY_FETCH=1",
	)
}

// protectedSafeDirs are the safe.directory entries git would honour for
// the caller in dir: those of the system, global and command-line
// configuration (never the repository's own). They are read with the
// caller's environment, as the caller's git would; `git config` runs no
// program.
func protectedSafeDirs(dir string) []string {
	cmd := exec.Command("git", "config", "--includes", "--show-scope", "-z", "--get-all", "safe.directory")
	cmd.Dir = dir
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if cmd.Run() != nil {
		return nil // none set (exit 1), or git cannot read its configuration
	}
	f := splitZ(stdout.Bytes())
	var out []string
	for i := 0; i+1 < len(f); i += 2 {
		switch f[i] {
		case "system", "global", "command":
			out = append(out, f[i+1])
		}
	}
	return out
}
