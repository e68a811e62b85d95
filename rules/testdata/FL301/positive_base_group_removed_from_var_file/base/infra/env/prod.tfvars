node_groups = {
  core = {
    instance_types = ["m7i.large"]
    size           = 2
  }
}
