# The system managed node group is retired in this change. Self-managed
# batch pools run on the same role, one per entry of var.batch_pools;
# prod's values (env/prod.tfvars, passed by CI) have one.
variable "batch_pools" {
  type = map(number)
}

resource "aws_iam_role" "nodes" {
  name = "prod-nodes"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Action    = "sts:AssumeRole"
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
    }]
  })
}

resource "aws_iam_instance_profile" "nodes" {
  name = "prod-nodes"
  role = aws_iam_role.nodes.name
}

resource "aws_launch_template" "batch" {
  name_prefix = "prod-batch-"
  image_id    = "ami-0123456789abcdef0"

  iam_instance_profile {
    name = aws_iam_instance_profile.nodes.name # want FL301:error `aws_autoscaling_group.batch\["gpu"\] still runs as its role`
  }
}

resource "aws_autoscaling_group" "batch" {
  for_each            = var.batch_pools
  name                = "prod-batch-${each.key}"
  min_size            = 0
  max_size            = each.value
  vpc_zone_identifier = ["subnet-0a1b2c3d4e5f60001"]

  launch_template {
    id      = aws_launch_template.batch.id
    version = "$Latest"
  }
}
