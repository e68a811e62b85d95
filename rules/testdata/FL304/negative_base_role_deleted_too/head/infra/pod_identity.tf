# The EBS CSI driver is installed as an EKS add-on with Pod Identity by
# the platform team's stack now; this configuration keeps only the cluster.
