package eval

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// sampleRoleARN is an IAM role ARN with the default path, named probe.
const sampleRoleARN = "arn:aws:iam::123456789012:role/probe"

// roleNameOfARN is replace(<role>.arn, /re/, repl) when the string is
// exactly the ARN of one IAM role and the regex turns a role ARN into the
// role's name (the eks modules' replace(var.iam_role_arn, "/^(.*role/)/",
// "") for an instance profile's role): the role's name, as a reference.
func (e *FuncEnv) roleNameOfARN(str, re, repl string) (cty.Value, bool) {
	ref, ok := e.h.decode(str).SoleRef()
	if !ok || ref.Path != "arn" || !isRoleAddr(ref.Object) {
		return cty.NilVal, false
	}
	out, err := stdlib.RegexReplace(cty.StringVal(sampleRoleARN), cty.StringVal(re), cty.StringVal(repl))
	if err != nil || out.AsString() != "probe" {
		return cty.NilVal, false
	}
	return e.h.val(lint.HoleRef{Object: ref.Object, Path: "name"}), true
}

// isRoleAddr reports whether an entity address (root:address) is an
// aws_iam_role resource or data source instance.
func isRoleAddr(addr string) bool {
	_, a, ok := strings.Cut(addr, ":")
	if !ok {
		return false
	}
	return strings.HasPrefix(a, "aws_iam_role.") || strings.HasPrefix(a, "data.aws_iam_role.") ||
		strings.Contains(a, ".aws_iam_role.") && strings.HasPrefix(a, "module.")
}
