package eval

import (
	"errors"
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// The AWS provider's provider-defined functions (Terraform 1.8+, OpenTofu
// 1.7+), pure and evaluated like the built-in ones:
//
//   - provider::aws::arn_parse(arn) (provider 5.40): the ARN's partition,
//     service, region, account_id and resource;
//   - provider::aws::arn_build(partition, service, region, account_id,
//     resource) (5.40): "arn:" and the five joined by colons;
//   - provider::aws::trim_iam_role_path(arn) (5.44): an IAM role's ARN with
//     its path removed.
//
// They are named for the provider's usual local name, aws.

// arnObjectType is what arn_parse returns.
var arnObjectType = cty.Object(map[string]cty.Type{
	"partition": cty.String, "service": cty.String, "region": cty.String, "account_id": cty.String, "resource": cty.String,
})

// arnSections is how many colon-separated sections an ARN has at least
// (the resource, the last, may hold colons itself).
const arnSections = 6

// arnParts is a parsed ARN.
type arnParts struct{ partition, service, region, account, resource string }

// parseARN splits an ARN as the provider (the AWS SDK's arn.Parse) does,
// with its error messages.
func parseARN(s string) (arnParts, error) {
	if !strings.HasPrefix(s, "arn:") {
		return arnParts{}, errors.New("arn: invalid prefix")
	}
	sec := strings.SplitN(s, ":", arnSections)
	if len(sec) != arnSections {
		return arnParts{}, errors.New("arn: not enough sections")
	}
	return arnParts{partition: sec[1], service: sec[2], region: sec[3], account: sec[4], resource: sec[5]}, nil
}

// String joins the parts back into an ARN.
func (a arnParts) String() string {
	return "arn:" + a.partition + ":" + a.service + ":" + a.region + ":" + a.account + ":" + a.resource
}

func (a arnParts) object() cty.Value {
	return cty.ObjectVal(map[string]cty.Value{
		"partition": cty.StringVal(a.partition), "service": cty.StringVal(a.service), "region": cty.StringVal(a.region),
		"account_id": cty.StringVal(a.account), "resource": cty.StringVal(a.resource),
	})
}

// trimRolePath is trim_iam_role_path of a parsed ARN.
func trimRolePath(a arnParts) (string, error) {
	if a.service != "iam" {
		return "", errors.New(`service must be "iam"`)
	}
	if !strings.HasPrefix(a.resource, "role/") {
		return "", errors.New(`resource must begin with "role/"`)
	}
	a.resource = "role/" + a.resource[strings.LastIndex(a.resource, "/")+1:]
	return a.String(), nil
}

// awsFuncs are the AWS provider's functions, sentinel-aware.
func (e *FuncEnv) awsFuncs() map[string]function.Function {
	str := func(name string) function.Parameter { return function.Parameter{Name: name, Type: cty.String} }
	return map[string]function.Function{
		"provider::aws::arn_parse": e.arnParseFunc(),
		// Concatenation: holes keep their place in the ARN.
		"provider::aws::arn_build": e.wrap("provider::aws::arn_build", function.New(&function.Spec{
			Params: []function.Parameter{str("partition"), str("service"), str("region"), str("account_id"), str("resource")},
			Type:   function.StaticReturnType(cty.String),
			Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
				a := arnParts{args[0].AsString(), args[1].AsString(), args[2].AsString(), args[3].AsString(), args[4].AsString()}
				return cty.StringVal(a.String()), nil
			},
		}), passThrough),
		// Which slash is the last one a hole may hide: opaque.
		"provider::aws::trim_iam_role_path": e.wrap("provider::aws::trim_iam_role_path", function.New(&function.Spec{
			Params: []function.Parameter{str("arn")},
			Type:   function.StaticReturnType(cty.String),
			Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
				a, err := parseARN(args[0].AsString())
				if err != nil {
					return cty.UnknownVal(cty.String), err
				}
				s, err := trimRolePath(a)
				if err != nil {
					return cty.UnknownVal(cty.String), err
				}
				return cty.StringVal(s), nil
			},
		}), opaque),
	}
}

// arnParseFunc is arn_parse. An ARN with holes is parsed when its five
// section separators lie in the text before the first hole: the holes are
// then in the resource, which keeps them; otherwise a hole may hold a
// colon, and the result is unknown.
func (e *FuncEnv) arnParseFunc() function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "arn", Type: cty.String}},
		Type:   function.StaticReturnType(arnObjectType),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			s := args[0].AsString()
			if hasSentinel(s) && strings.Count(lint.LiteralPrefix(s), ":") < arnSections-1 {
				return cty.UnknownVal(arnObjectType), nil
			}
			a, err := parseARN(s)
			if err != nil {
				return cty.UnknownVal(arnObjectType), err
			}
			return a.object(), nil
		},
	})
}
