# The core group is gone: Karpenter takes over.
node_groups = {}
