# A module reads its files beside it, whoever calls it.
resource "aws_launch_template" "node" {
  name_prefix = "edge-node-"
  user_data   = base64encode(file("${path.module}/cloud-init.yaml")) # want FL000 `no file exists at "rules/testdata/FL000/positive_terraform_file_function_path_missing/modules/edge_node/cloud-init\.yaml"|no file exists at "modules/edge_node/cloud-init\.yaml"`
}
