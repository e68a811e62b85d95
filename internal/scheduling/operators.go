package scheduling

import (
	"strings"
)

// operatorKinds are custom resources whose operator runs pods of a pod
// template (or of scheduling fields) the resource writes, by API group:
// their placement is the resource's, which faultline does not read.
var operatorKinds = map[string][]string{
	"kafka.strimzi.io":                  {"Kafka", "KafkaNodePool", "KafkaConnect", "KafkaMirrorMaker", "KafkaMirrorMaker2", "KafkaBridge"},
	"serving.kserve.io":                 {"InferenceService"},
	"kubeflow.org":                      {"PyTorchJob", "TFJob", "MPIJob", "XGBoostJob", "PaddleJob", "JAXJob", "Notebook"},
	"ray.io":                            {"RayCluster", "RayJob", "RayService"},
	"sparkoperator.k8s.io":              {"SparkApplication", "ScheduledSparkApplication"},
	"flink.apache.org":                  {"FlinkDeployment"},
	"argoproj.io":                       {"Workflow", "CronWorkflow"},
	"postgresql.cnpg.io":                {"Cluster", "Pooler"},
	"acid.zalan.do":                     {"postgresql"},
	"elasticsearch.k8s.elastic.co":      {"Elasticsearch"},
	"mongodbcommunity.mongodb.com":      {"MongoDBCommunity"},
	"batch.volcano.sh":                  {"Job"},
	"serving.knative.dev":               {"Service"},
	"monitoring.coreos.com":             {"Prometheus", "Alertmanager", "ThanosRuler"},
	"opentelemetry.io":                  {"OpenTelemetryCollector"},
	"jobset.x-k8s.io":                   {"JobSet"},
	"leaderworkerset.x-k8s.io":          {"LeaderWorkerSet"},
	"workload.codeflare.dev":            {"AppWrapper"},
	"trainer.kubeflow.org":              {"TrainJob"},
	"pipelines.kubeflow.org":            {"ScheduledWorkflow"},
	"apps.kubeblocks.io":                {"Cluster"},
	"redis.redis.opstreelabs.in":        {"Redis", "RedisCluster", "RedisReplication", "RedisSentinel"},
	"app.redislabs.com":                 {"RedisEnterpriseCluster"},
	"postgres-operator.crunchydata.com": {"PostgresCluster"},
	"pgv2.percona.com":                  {"PerconaPGCluster"},
	"mysql.oracle.com":                  {"InnoDBCluster"},
	"databases.spotahome.com":           {"RedisFailover"},
	"pxc.percona.com":                   {"PerconaXtraDBCluster"},
	"psmdb.percona.com":                 {"PerconaServerMongoDB"},
	"clickhouse.altinity.com":           {"ClickHouseInstallation"},
	"cassandra.datastax.com":            {"CassandraDatacenter"},
	"rabbitmq.com":                      {"RabbitmqCluster"},
	"kibana.k8s.elastic.co":             {"Kibana"},
	"beat.k8s.elastic.co":               {"Beat"},
	"agent.k8s.elastic.co":              {"Agent"},
	"logstash.k8s.elastic.co":           {"Logstash"},
	"apm.k8s.elastic.co":                {"ApmServer"},
	"enterprisesearch.k8s.elastic.co":   {"EnterpriseSearch"},
	"agones.dev":                        {"GameServer", "GameServerSet", "Fleet"},
	"minio.min.io":                      {"Tenant"},
	"kafka.banzaicloud.io":              {"KafkaCluster"},
	"nifi.konpyutaika.com":              {"NifiCluster"},
	"camel.apache.org":                  {"Integration"},
}

// isOperatorKind reports whether an object of apiVersion and kind is one
// of operatorKinds.
func isOperatorKind(apiVersion, kind string) bool {
	group, _, ok := strings.Cut(apiVersion, "/")
	if !ok {
		return false
	}
	for _, k := range operatorKinds[group] {
		if k == kind {
			return true
		}
	}
	return false
}

// operatorPods counts, where the tree declares capacity, the custom
// resources whose operator runs pods faultline does not fit (Result
// Unjudged): silence about them is not a fit.
func (c *checker) operatorPods() {
	if len(c.places) == 0 {
		return
	}
	for _, o := range c.m.Objects {
		if isOperatorKind(o.APIVersion, o.KindName) {
			c.count(skipOperator, o.Range)
		}
	}
}
