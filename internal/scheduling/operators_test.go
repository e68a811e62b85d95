package scheduling

import "testing"

// The operators' custom resources whose pods faultline does not read are
// known by group and kind, at any version; others of the same group or
// kind elsewhere are not.
func TestIsOperatorKind(t *testing.T) {
	for _, c := range []struct {
		apiVersion, kind string
		want             bool
	}{
		{"app.redislabs.com/v1", "RedisEnterpriseCluster", true},
		{"redis.redis.opstreelabs.in/v1beta2", "RedisReplication", true},
		{"redis.redis.opstreelabs.in/v1beta2", "RedisSentinel", true},
		{"postgres-operator.crunchydata.com/v1beta1", "PostgresCluster", true},
		{"pgv2.percona.com/v2", "PerconaPGCluster", true},
		{"postgresql.cnpg.io/v1", "Pooler", true},
		{"kafka.strimzi.io/v1beta2", "KafkaMirrorMaker", true},
		{"mysql.oracle.com/v2", "InnoDBCluster", true},
		{"postgresql.cnpg.io/v1", "Backup", false},
		{"example.com/v1", "PostgresCluster", false},
	} {
		if got := isOperatorKind(c.apiVersion, c.kind); got != c.want {
			t.Errorf("%s %s: %v, want %v", c.apiVersion, c.kind, got, c.want)
		}
	}
}
