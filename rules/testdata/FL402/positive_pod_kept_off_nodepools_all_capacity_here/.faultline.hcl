# Every place this cluster's pods can run is declared here: the one
# NodePool, no node group, no Fargate profile.
capacity {
  complete = true
}
