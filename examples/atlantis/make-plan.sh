#!/usr/bin/env bash
# Regenerates plan.json, the `terraform show -json` output the Atlantis
# example and its test read: a real plan of repo/infra against a
# hand-written state in which the "legacy" managed node group (removed
# from the configuration by the example's pull request) still exists, with
# its own role, which Karpenter's "spot" EC2NodeClass also uses (FL301).
#
#   TF_PLUGIN_MIRROR=/path/to/mirror examples/atlantis/make-plan.sh
#
# Offline: Terraform installs hashicorp/aws from a local filesystem mirror
# only (TF_PLUGIN_MIRROR, laid out as
# registry.terraform.io/hashicorp/aws/VERSION/OS_ARCH/), the provider is
# configured with dummy credentials, skips every account, credential and
# metadata look-up, its endpoints (AWS_ENDPOINT_URL) and proxies point at a
# closed loopback port, and where `unshare` works the whole run happens in
# a network namespace of its own with no network at all. The plan is made
# with -refresh=false, so nothing is read from AWS.
#
# Needs: terraform (1.6 or later) and the provider in the mirror. The tests
# do not: they read the committed plan.json.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# Run in a private network namespace when we may (root, or user
# namespaces): Terraform then cannot reach anything even by mistake.
if [[ -z "${FAULTLINE_MAKE_PLAN_NS:-}" ]] && command -v unshare >/dev/null 2>&1 && unshare -n true 2>/dev/null; then
	FAULTLINE_MAKE_PLAN_NS=1 exec unshare -n bash "${BASH_SOURCE[0]}" "$@"
fi

mirror="${TF_PLUGIN_MIRROR:?set TF_PLUGIN_MIRROR to a filesystem mirror holding hashicorp/aws}"
if [[ ! -d "$mirror/registry.terraform.io/hashicorp/aws" ]]; then
	echo "make-plan.sh: no hashicorp/aws provider under $mirror/registry.terraform.io (set TF_PLUGIN_MIRROR)" >&2
	exit 2
fi
command -v terraform >/dev/null || {
	echo "make-plan.sh: terraform is not installed" >&2
	exit 2
}

work="$(mktemp -d "${TMPDIR:-/tmp}/faultline-plan.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$here/repo/infra" "$work/infra"
cd "$work/infra"

cat >"$work/terraformrc" <<EOF
provider_installation {
  filesystem_mirror {
    path    = "$mirror"
    include = ["registry.terraform.io/hashicorp/aws"]
  }
}
disable_checkpoint = true
EOF
export TF_CLI_CONFIG_FILE="$work/terraformrc"
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0
export HTTP_PROXY=http://127.0.0.1:9 HTTPS_PROXY=http://127.0.0.1:9 NO_PROXY=
export AWS_EC2_METADATA_DISABLED=true AWS_ENDPOINT_URL=http://127.0.0.1:9
export AWS_ACCESS_KEY_ID=AKIAEXAMPLEFAULTLINE AWS_SECRET_ACCESS_KEY=example-not-a-secret
unset AWS_PROFILE AWS_SESSION_TOKEN AWS_CONFIG_FILE AWS_SHARED_CREDENTIALS_FILE

# Only in the copy: the provider offline. Credentials and endpoints come
# from the environment above (AWS_ENDPOINT_URL: every service at a closed
# loopback port), so the plan's configuration shows no dummy values.
cat >provider_override.tf <<'EOF'
provider "aws" {
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
  skip_region_validation      = true
}
EOF

# The state before the pull request: the roles, the first one's
# attachments, the system node group and the legacy node group with the
# second role.
provider='provider[\"registry.terraform.io/hashicorp/aws\"]'
account=111122223333
role_arn="arn:aws:iam::$account:role/demo-nodes"
legacy_role_arn="arn:aws:iam::$account:role/demo-legacy-nodes"
policy='{\"Statement\":[{\"Action\":\"sts:AssumeRole\",\"Effect\":\"Allow\",\"Principal\":{\"Service\":\"ec2.amazonaws.com\"}}],\"Version\":\"2012-10-17\"}'
attachment() { # policy name
	cat <<EOF
        {
          "index_key": "arn:aws:iam::aws:policy/$1",
          "schema_version": 0,
          "attributes": {
            "id": "demo-nodes-20240301000000000000000$2",
            "policy_arn": "arn:aws:iam::aws:policy/$1",
            "role": "demo-nodes"
          },
          "sensitive_attributes": [],
          "dependencies": ["aws_iam_role.nodes"]
        }
EOF
}
node_group() { # name, instance type, desired size, index, role ARN, role resource
	cat <<EOF
    {
      "mode": "managed",
      "type": "aws_eks_node_group",
      "name": "$1",
      "provider": "$provider",
      "instances": [
        {
          "schema_version": 0,
          "attributes": {
            "ami_type": "AL2023_x86_64_STANDARD",
            "arn": "arn:aws:eks:us-west-2:$account:nodegroup/demo/$1/0ec8a1b2-0000-4000-8000-00000000000$4",
            "capacity_type": "ON_DEMAND",
            "cluster_name": "demo",
            "disk_size": 20,
            "force_update_version": null,
            "id": "demo:$1",
            "instance_types": ["$2"],
            "labels": {},
            "launch_template": [],
            "node_group_name": "$1",
            "node_group_name_prefix": "",
            "node_repair_config": [],
            "node_role_arn": "$5",
            "release_version": "1.31.7-20250505",
            "remote_access": [],
            "resources": [
              {
                "autoscaling_groups": [{"name": "eks-$1-0ec8a1b2-0000-4000-8000-00000000000$4"}],
                "remote_access_security_group_id": ""
              }
            ],
            "scaling_config": [{"desired_size": $3, "max_size": 3, "min_size": $3}],
            "status": "ACTIVE",
            "subnet_ids": ["subnet-0a1b2c3d4e5f60001", "subnet-0a1b2c3d4e5f60002"],
            "tags": {},
            "tags_all": {},
            "taint": [],
            "timeouts": null,
            "update_config": [{"max_unavailable": 1, "max_unavailable_percentage": 0}],
            "version": "1.31"
          },
          "sensitive_attributes": [],
          "dependencies": ["$6"]
        }
      ]
    }
EOF
}
cat >terraform.tfstate <<EOF
{
  "version": 4,
  "terraform_version": "1.6.0",
  "serial": 12,
  "lineage": "7c0c5b4e-3d0a-4c52-9d55-0fa017f11e00",
  "outputs": {},
  "resources": [
    {
      "mode": "managed",
      "type": "aws_iam_role",
      "name": "nodes",
      "provider": "$provider",
      "instances": [
        {
          "schema_version": 0,
          "attributes": {
            "arn": "$role_arn",
            "assume_role_policy": "$policy",
            "create_date": "2024-03-01T00:00:00Z",
            "description": "",
            "force_detach_policies": false,
            "id": "demo-nodes",
            "inline_policy": [],
            "managed_policy_arns": [
              "arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryReadOnly",
              "arn:aws:iam::aws:policy/AmazonEKSWorkerNodePolicy",
              "arn:aws:iam::aws:policy/AmazonEKS_CNI_Policy"
            ],
            "max_session_duration": 3600,
            "name": "demo-nodes",
            "name_prefix": "",
            "path": "/",
            "permissions_boundary": "",
            "tags": {},
            "tags_all": {},
            "unique_id": "AROAEXAMPLEFAULTLINE01"
          },
          "sensitive_attributes": []
        }
      ]
    },
    {
      "mode": "managed",
      "type": "aws_iam_role_policy_attachment",
      "name": "nodes",
      "provider": "$provider",
      "instances": [
$(attachment AmazonEC2ContainerRegistryReadOnly 1),
$(attachment AmazonEKSWorkerNodePolicy 2),
$(attachment AmazonEKS_CNI_Policy 3)
      ]
    },
    {
      "mode": "managed",
      "type": "aws_iam_role",
      "name": "legacy_nodes",
      "provider": "$provider",
      "instances": [
        {
          "schema_version": 0,
          "attributes": {
            "arn": "$legacy_role_arn",
            "assume_role_policy": "$policy",
            "create_date": "2024-03-01T00:00:00Z",
            "description": "",
            "force_detach_policies": false,
            "id": "demo-legacy-nodes",
            "inline_policy": [],
            "managed_policy_arns": [],
            "max_session_duration": 3600,
            "name": "demo-legacy-nodes",
            "name_prefix": "",
            "path": "/",
            "permissions_boundary": "",
            "tags": {},
            "tags_all": {},
            "unique_id": "AROAEXAMPLEFAULTLINE02"
          },
          "sensitive_attributes": []
        }
      ]
    },
$(node_group system m6i.large 2 1 "$role_arn" aws_iam_role.nodes),
$(node_group legacy m5.large 1 2 "$legacy_role_arn" aws_iam_role.legacy_nodes)
  ]
}
EOF

terraform init -input=false -no-color >init.log 2>&1 || {
	cat init.log >&2
	exit 1
}
terraform plan -input=false -no-color -refresh=false -lock=false -out=plan.bin >plan.log 2>&1 || {
	cat plan.log >&2
	exit 1
}
terraform show -json plan.bin >plan.json
# Pretty-printed, so a change to it reads as a diff.
if command -v python3 >/dev/null 2>&1; then
	python3 -m json.tool --indent 2 plan.json >"$here/plan.json"
else
	cp plan.json "$here/plan.json"
fi
grep -E '^(Plan:|  # )' plan.log >&2 || true
echo "wrote $here/plan.json" >&2
