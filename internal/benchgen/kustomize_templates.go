package benchgen

// Kustomize: shared bases under k8s/base, one component, and an overlay
// per team and environment (k8s/overlays/teamNNN/ENV) with a namePrefix,
// images, patches and a generated ConfigMap.

// kustomizeBase is one base: its directory under k8s/base and its files
// (name, content).
type kustomizeBase struct {
	dir   string
	files [][2]string
}

// kustomizeBases are the shared bases.
var kustomizeBases = []kustomizeBase{
	{"web", [][2]string{
		{"kustomization.yaml", `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
labels:
  - pairs:
      app.kubernetes.io/component: web
    includeSelectors: true
resources:
  - serviceaccount.yaml
  - deployment.yaml
  - service.yaml
`},
		{"serviceaccount.yaml", `apiVersion: v1
kind: ServiceAccount
metadata:
  name: web
`},
		{"deployment.yaml", `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: web
  template:
    metadata:
      labels:
        app.kubernetes.io/name: web
    spec:
      serviceAccountName: web
      containers:
        - name: web
          image: web
          ports:
            - name: http
              containerPort: 8080
          envFrom:
            - configMapRef:
                name: web-config
          resources:
            requests:
              cpu: 100m
              memory: 128Mi
`},
		{"service.yaml", `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app.kubernetes.io/name: web
  ports:
    - name: http
      port: 80
      targetPort: http
`},
	}},
	{"worker", [][2]string{
		{"kustomization.yaml", `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
labels:
  - pairs:
      app.kubernetes.io/component: worker
resources:
  - deployment.yaml
`},
		{"deployment.yaml", `apiVersion: apps/v1
kind: Deployment
metadata:
  name: worker
spec:
  replicas: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: worker
  template:
    metadata:
      labels:
        app.kubernetes.io/name: worker
    spec:
      serviceAccountName: web
      containers:
        - name: worker
          image: worker
          args: ["--queue", "$(QUEUE_NAME)"]
          envFrom:
            - configMapRef:
                name: web-config
          resources:
            requests:
              cpu: 250m
              memory: 256Mi
`},
	}},
	{"policies", [][2]string{
		{"kustomization.yaml", `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - networkpolicy.yaml
  - pdb.yaml
`},
		{"networkpolicy.yaml", `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: default-deny-ingress
spec:
  podSelector: {}
  policyTypes:
    - Ingress
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-web
spec:
  podSelector:
    matchLabels:
      app.kubernetes.io/name: web
  ingress:
    - ports:
        - port: 8080
`},
		{"pdb.yaml", `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: web
`},
	}},
}

// kustomizeComponent is k8s/components/observability.
var kustomizeComponent = [][2]string{
	{"kustomization.yaml", `apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component
resources:
  - servicemonitor.yaml
patches:
  - target:
      kind: Deployment
    patch: |-
      - op: add
        path: /spec/template/metadata/annotations
        value:
          prometheus.io/scrape: "true"
          prometheus.io/port: "9090"
`},
	{"servicemonitor.yaml", `apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: web
  endpoints:
    - port: http
      interval: 30s
`},
}

// overlayKustomization takes the team, the env, the account, the cluster,
// the image tag and the log level.
const overlayKustomization = `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: %[1]s
namePrefix: %[1]s-
labels:
  - pairs:
      team: %[1]s
      env: %[2]s
resources:
  - ../../../base/web
  - ../../../base/worker
  - ../../../base/policies
components:
  - ../../../components/observability
images:
  - name: web
    newName: 123456789012.dkr.ecr.eu-west-1.amazonaws.com/%[1]s-web
    newTag: "2.%[5]d.0"
  - name: worker
    newName: 123456789012.dkr.ecr.eu-west-1.amazonaws.com/%[1]s-worker
    newTag: "2.%[5]d.0"
configMapGenerator:
  - name: web-config
    literals:
      - ENVIRONMENT=%[2]s
      - LOG_LEVEL=%[6]s
      - QUEUE_NAME=%[4]s-%[1]s-web
patches:
  - path: replicas.yaml
  - target:
      kind: ServiceAccount
      name: web
    patch: |-
      - op: add
        path: /metadata/annotations
        value:
          eks.amazonaws.com/role-arn: arn:aws:iam::%[3]s:role/%[4]s-%[1]s-web
`

// overlayReplicas takes the web and worker replicas.
const overlayReplicas = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: %[1]d
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: worker
spec:
  replicas: %[2]d
`
