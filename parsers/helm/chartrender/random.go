package chartrender

import (
	cryptorand "crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"io"
	mathrand "math/rand"
	randv2 "math/rand/v2"

	"github.com/google/uuid"

	"github.com/faultline-dev/faultline/parsers/helm/renderapi"
)

// Helm's template functions draw on the process's randomness:
// randAlphaNum, randAlpha, randNumeric, randAscii and randBytes read
// crypto/rand.Reader, uuidv4 reads google/uuid's source, randInt and
// shuffle math/rand's global source. A chart that names an object with
// one (a test Pod "app-test-{{ randAlphaNum 5 }}", a rollout annotation)
// renders differently in every run of `helm template`. faultline must
// not: a finding, a graph or a SARIF fingerprint that changed between two
// runs of the same tree would be noise, and a run answered from the
// result cache must equal a run that renders again. So each rendering
// draws from a stream seeded by what it renders — the release, its
// namespace, the chart and its values — and the same rendering gives the
// same text in every run, while two releases of one chart still draw
// different names. What is not random but of its time (now, date) still
// changes; key generation (genPrivateKey, genCA, …) ignores any source
// since Go 1.26 and stays random, in Secret data no rule reads.
//
// math/rand's Seed has effect only with GODEBUG randseednop=0, which
// faultline-render's main package sets; elsewhere (a test rendering in
// process) randInt and shuffle stay random.

// seedRandomness makes the process's random sources the stream of req
// and returns what puts the previous ones back. The caller holds
// renderMu: renderings do not interleave.
func seedRandomness(req renderapi.Request) (restore func()) {
	seed := renderingSeed(req)
	stream := randv2.NewChaCha8(seed)
	prev := cryptorand.Reader
	cryptorand.Reader = stream
	uuid.SetRand(stream)
	mathrand.Seed(int64(binary.LittleEndian.Uint64(seed[:8]))) //nolint:staticcheck // the global source is what sprig reads
	return func() {
		cryptorand.Reader = prev
		uuid.SetRand(nil) // back to crypto/rand.Reader, restored above
	}
}

// renderingSeed digests what identifies a rendering: the chart, the
// release and its namespace, the values given (JSON orders map keys) and
// the files' names and sizes.
func renderingSeed(req renderapi.Request) [32]byte {
	h := sha256.New()
	io.WriteString(h, "faultline rendering seed 1\x00")
	for _, s := range []string{req.Chart, req.ReleaseName, req.Namespace, req.KubeVersion} {
		io.WriteString(h, s)
		h.Write([]byte{0})
	}
	if v, err := json.Marshal(req.Values); err == nil {
		h.Write(v)
	}
	var n [8]byte
	for _, f := range req.Files {
		io.WriteString(h, f.Name)
		binary.LittleEndian.PutUint64(n[:], uint64(len(f.Data)))
		h.Write(n[:])
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}
