package eval

import (
	"regexp"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// issuerSamples are EKS OIDC issuer URLs as EKS gives them
// (aws_eks_cluster's identity[0].oidc[0].issuer:
// https://oidc.eks.<region>.<partition domain>/id/<32 upper-case hex>),
// across partitions and with every hex digit in each position class.
var issuerSamples = []string{
	"https://oidc.eks.us-east-1.amazonaws.com/id/0123456789ABCDEF0123456789ABCDEF",
	"https://oidc.eks.eu-central-2.amazonaws.com/id/FEDCBA9876543210FEDCBA9876543210",
	"https://oidc.eks.ap-southeast-4.amazonaws.com/id/A1B2C3D4E5F60718293A4B5C6D7E8F90",
	"https://oidc.eks.us-gov-west-1.amazonaws.com/id/5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E",
	"https://oidc.eks.cn-northwest-1.amazonaws.com.cn/id/9F8E7D6C5B4A39281706F5E4D3C2B1A0",
	"https://oidc.eks.il-central-1.amazonaws.com/id/00000000000000000000000000000000",
}

// isClusterIssuer reports whether s is wholly one value not known
// statically that is an aws_eks_cluster's (resource or data source) OIDC
// issuer URL.
func (h Holes) isClusterIssuer(s string) bool {
	segs := h.decode(s).Segments()
	if len(segs) != 1 || segs[0].Ref == nil || segs[0].Ref.Anonymous {
		return false
	}
	r := segs[0].Ref
	a, ok := lint.ParseAddress(r.Object)
	return ok && a.Type == "aws_eks_cluster" && slices.Equal(r.Attrs(), []string{"identity", "oidc", "issuer"})
}

// providerARNSamples are the ARNs IAM gives the OIDC providers of the
// issuers of issuerSamples (aws_iam_openid_connect_provider's arn:
// arn:<partition>:iam::<account>:oidc-provider/<issuer without https://>).
var providerARNSamples = func() []string {
	out := make([]string, 0, len(issuerSamples))
	for _, s := range issuerSamples {
		partition := "aws"
		switch host := strings.TrimPrefix(s, "https://"); {
		case strings.Contains(host, ".us-gov-"):
			partition = "aws-us-gov"
		case strings.HasSuffix(strings.SplitN(host, "/", 2)[0], ".cn"):
			partition = "aws-cn"
		}
		out = append(out, "arn:"+partition+":iam::"+sampleAccount+":oidc-provider/"+strings.TrimPrefix(s, "https://"))
	}
	return out
}()

// isProviderARN reports whether s is wholly one value not known
// statically that is an aws_iam_openid_connect_provider's (resource or
// data source) ARN.
func (h Holes) isProviderARN(s string) bool {
	segs := h.decode(s).Segments()
	if len(segs) != 1 || segs[0].Ref == nil || segs[0].Ref.Anonymous {
		return false
	}
	r := segs[0].Ref
	a, ok := lint.ParseAddress(r.Object)
	return ok && a.Type == "aws_iam_openid_connect_provider" && slices.Equal(r.Attrs(), []string{"arn"})
}

// replacesNothingInIssuer reports whether replace(str, sub, …) leaves str
// as it is because str is a cluster's issuer URL and sub (a regular
// expression when isRegex) matches in no issuer URL EKS gives: a pattern
// written for the provider ARN ("/oidc-provider/") applied to the issuer,
// whose key then keeps its https://. So too when str is an OIDC
// provider's ARN and sub matches in no ARN IAM gives one: a scheme cut
// off an ARN ("/^https:///"), whose key then stays the ARN.
func (h Holes) replacesNothingInIssuer(str, sub string, isRegex bool) bool {
	var samples []string
	switch {
	case sub == "":
		return false
	case h.isClusterIssuer(str):
		samples = issuerSamples
	case h.isProviderARN(str):
		samples = providerARNSamples
	default:
		return false
	}
	// The samples are of some regions, IDs and one account: a search
	// naming another (a region, a cluster's ID, an account number) matches
	// the values of that one, so it is tried with the samples' in their
	// place too.
	norm := sampleAccountRe.ReplaceAllString(sampleRegion.ReplaceAllString(sampleID.ReplaceAllString(sub, issuerSampleID), issuerSampleRegion), sampleAccount)
	match := func(s string) bool { return strings.Contains(s, sub) || strings.Contains(s, norm) }
	if isRegex {
		re, err := regexp.Compile(sub)
		if err != nil {
			return false
		}
		reNorm, err := regexp.Compile(norm)
		if err != nil {
			return false
		}
		match = func(s string) bool { return re.MatchString(s) || reNorm.MatchString(s) }
	}
	for _, s := range samples {
		if match(s) {
			return false
		}
	}
	return true
}

// trimmedIssuerPrefix reports, for trim(str, cutset) of a cluster's
// issuer URL, the prefix the trim cuts off every issuer URL EKS gives
// while it cuts nothing off the end (trim("…issuer", "https://") cuts
// the scheme: an issuer's host starts with "oidc" and its ID is
// upper-case hex), so the trim is trimprefix(str, prefix).
func (h Holes) trimmedIssuerPrefix(str, cutset string) (string, bool) {
	if cutset == "" || !h.isClusterIssuer(str) {
		return "", false
	}
	prefix := ""
	for i, s := range issuerSamples {
		t := strings.Trim(s, cutset)
		if !strings.HasSuffix(s, t) {
			return "", false
		}
		lead := s[:len(s)-len(t)]
		if i > 0 && lead != prefix {
			return "", false
		}
		prefix = lead
	}
	return prefix, true
}

// An AWS region name ("eu-west-1", "us-gov-west-1", "cn-northwest-1")
// and an EKS cluster's issuer ID (32 upper-case hex digits), and what a
// search's region and ID are set to before it is tried on the samples.
var (
	sampleRegion       = regexp.MustCompile(`\b[a-z]{2}(?:-[a-z]+)+-[0-9]+\b`)
	sampleID           = regexp.MustCompile(`\b[0-9A-F]{32}\b`)
	issuerSampleRegion = "us-east-1"
	issuerSampleID     = "0123456789ABCDEF0123456789ABCDEF"
	// sampleAccountRe is an AWS account number; sampleAccount the one
	// the ARN samples are of.
	sampleAccountRe = regexp.MustCompile(`\b[0-9]{12}\b`)
	sampleAccount   = "111122223333"
)
