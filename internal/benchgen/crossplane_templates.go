package benchgen

// Crossplane: two composite resource definitions of the platform team
// (platform/crossplane), each with its Composition — object storage in
// Pipeline mode (function-patch-and-transform), a queue with its
// dead-letter queue in legacy resources mode — and claims of both in
// every team's namespace (k8s/teamNNN/claims.yaml).

// crossplaneFiles are written under platform/crossplane.
var crossplaneFiles = [][2]string{
	{"definition-bucket.yaml", `apiVersion: apiextensions.crossplane.io/v1
kind: CompositeResourceDefinition
metadata:
  name: xappbuckets.platform.acme.example
spec:
  group: platform.acme.example
  names:
    kind: XAppBucket
    plural: xappbuckets
  claimNames:
    kind: AppBucket
    plural: appbuckets
  versions:
    - name: v1alpha1
      served: true
      referenceable: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                parameters:
                  type: object
                  properties:
                    region:
                      type: string
                    bucketName:
                      type: string
                    team:
                      type: string
                    versioning:
                      type: boolean
                      default: true
                  required: [region, bucketName, team]
              required: [parameters]
            status:
              type: object
              properties:
                arn:
                  type: string
`},
	{"composition-bucket.yaml", `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: xappbuckets.aws.platform.acme.example
  labels:
    provider: aws
spec:
  compositeTypeRef:
    apiVersion: platform.acme.example/v1alpha1
    kind: XAppBucket
  mode: Pipeline
  pipeline:
    - step: patch-and-transform
      functionRef:
        name: function-patch-and-transform
      input:
        apiVersion: pt.fn.crossplane.io/v1beta1
        kind: Resources
        patchSets:
          - name: common
            patches:
              - type: FromCompositeFieldPath
                fromFieldPath: spec.parameters.region
                toFieldPath: spec.forProvider.region
              - type: FromCompositeFieldPath
                fromFieldPath: spec.parameters.team
                toFieldPath: spec.forProvider.tags.Team
        resources:
          - name: bucket
            base:
              apiVersion: s3.aws.upbound.io/v1beta1
              kind: Bucket
              spec:
                forProvider:
                  region: eu-west-1
                  tags:
                    ManagedBy: crossplane
            patches:
              - type: PatchSet
                patchSetName: common
              - type: FromCompositeFieldPath
                fromFieldPath: spec.parameters.bucketName
                toFieldPath: metadata.annotations["crossplane.io/external-name"]
                transforms:
                  - type: string
                    string:
                      type: Format
                      fmt: "acme-%s"
              - type: ToCompositeFieldPath
                fromFieldPath: status.atProvider.arn
                toFieldPath: status.arn
          - name: versioning
            base:
              apiVersion: s3.aws.upbound.io/v1beta1
              kind: BucketVersioning
              spec:
                forProvider:
                  region: eu-west-1
                  bucketSelector:
                    matchControllerRef: true
                  versioningConfiguration:
                    - status: Enabled
            patches:
              - type: FromCompositeFieldPath
                fromFieldPath: spec.parameters.region
                toFieldPath: spec.forProvider.region
              - type: FromCompositeFieldPath
                fromFieldPath: spec.parameters.versioning
                toFieldPath: spec.forProvider.versioningConfiguration[0].status
                transforms:
                  - type: map
                    map:
                      "true": Enabled
                      "false": Suspended
          - name: encryption
            base:
              apiVersion: s3.aws.upbound.io/v1beta1
              kind: BucketServerSideEncryptionConfiguration
              spec:
                forProvider:
                  region: eu-west-1
                  bucketSelector:
                    matchControllerRef: true
                  rule:
                    - applyServerSideEncryptionByDefault:
                        - sseAlgorithm: aws:kms
            patches:
              - type: FromCompositeFieldPath
                fromFieldPath: spec.parameters.region
                toFieldPath: spec.forProvider.region
    - step: auto-ready
      functionRef:
        name: function-auto-ready
`},
	{"definition-queue.yaml", `apiVersion: apiextensions.crossplane.io/v1
kind: CompositeResourceDefinition
metadata:
  name: xappqueues.platform.acme.example
spec:
  group: platform.acme.example
  names:
    kind: XAppQueue
    plural: xappqueues
  claimNames:
    kind: AppQueue
    plural: appqueues
  versions:
    - name: v1alpha1
      served: true
      referenceable: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                region:
                  type: string
                queueName:
                  type: string
                retentionDays:
                  type: integer
                  default: 4
              required: [region, queueName]
`},
	{"composition-queue.yaml", `apiVersion: apiextensions.crossplane.io/v1
kind: Composition
metadata:
  name: xappqueues.aws.platform.acme.example
spec:
  compositeTypeRef:
    apiVersion: platform.acme.example/v1alpha1
    kind: XAppQueue
  patchSets:
    - name: region
      patches:
        - fromFieldPath: spec.region
          toFieldPath: spec.forProvider.region
  resources:
    - name: queue
      base:
        apiVersion: sqs.aws.upbound.io/v1beta1
        kind: Queue
        spec:
          forProvider:
            region: eu-west-1
            visibilityTimeoutSeconds: 120
      patches:
        - type: PatchSet
          patchSetName: region
        - fromFieldPath: spec.queueName
          toFieldPath: metadata.annotations["crossplane.io/external-name"]
        - fromFieldPath: spec.retentionDays
          toFieldPath: spec.forProvider.messageRetentionSeconds
          transforms:
            - type: math
              math:
                multiply: 86400
    - name: dead-letter
      base:
        apiVersion: sqs.aws.upbound.io/v1beta1
        kind: Queue
        spec:
          forProvider:
            region: eu-west-1
            messageRetentionSeconds: 1209600
      patches:
        - type: PatchSet
          patchSetName: region
        - fromFieldPath: spec.queueName
          toFieldPath: metadata.annotations["crossplane.io/external-name"]
          transforms:
            - type: string
              string:
                fmt: "%s-dlq"
`},
}

// claimsYAML takes the team, the env, the region and the cluster.
const claimsYAML = `apiVersion: platform.acme.example/v1alpha1
kind: AppBucket
metadata:
  name: %[1]s-data-%[2]s
  namespace: %[1]s
spec:
  compositionSelector:
    matchLabels:
      provider: aws
  parameters:
    region: %[3]s
    bucketName: %[4]s-%[1]s-data
    team: %[1]s
    versioning: %[5]t
---
apiVersion: platform.acme.example/v1alpha1
kind: AppQueue
metadata:
  name: %[1]s-jobs-%[2]s
  namespace: %[1]s
spec:
  compositionRef:
    name: xappqueues.aws.platform.acme.example
  region: %[3]s
  queueName: %[4]s-%[1]s-jobs
  retentionDays: %[6]d
`
