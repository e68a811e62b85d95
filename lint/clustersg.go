package lint

// NewClusterSecurityGroup is the security group EKS creates with every
// cluster: tagged aws:eks:cluster-name and kubernetes.io/cluster/<name> =
// owned (and named eks-cluster-sg-<name>-<number>, a Name tag as well).
// Its ID is cl.SecurityGroupID; idAttr is the cluster's attribute that
// holds it in the source (vpc_config[0].cluster_security_group_id,
// status.atProvider.vpcConfig[0].clusterSecurityGroupId, …), and nameAttr
// the one holding the generated name. The tags the cluster is created
// with are MaybeTags the caller adds (EKS may copy them at creation).
func NewClusterSecurityGroup(cl *Cluster, idAttr, nameAttr string) *SecurityGroup {
	o := cl.Object
	o.Kind = KindSecurityGroup
	o.Addr = cl.Addr + "." + idAttr
	o.Label = ClusterSecurityGroupLabel(cl.Label)
	o.Aliases = nil
	o.InferredOn = nil
	name := Concat(Known("eks-cluster-sg-"), cl.Name, Known("-"), Hole(HoleRef{Object: cl.Addr, Path: nameAttr, Anonymous: true}))
	o.Name = name
	sg := &SecurityGroup{Object: o, ID: cl.SecurityGroupID, ClusterOf: cl.Addr,
		Tags:      map[string]Value{"aws:eks:cluster-name": cl.Name, "Name": name},
		TagRanges: map[string]Range{"aws:eks:cluster-name": cl.NameRange, "Name": cl.NameRange}}
	if n, ok := cl.Name.Str(); ok {
		sg.Tags["kubernetes.io/cluster/"+n] = Known("owned")
		sg.TagRanges["kubernetes.io/cluster/"+n] = cl.NameRange
	} else {
		// The ownership tag's key holds the name: a term asking for
		// a key it may be may still match it.
		sg.OpenTagKeys = []Value{Concat(Known("kubernetes.io/cluster/"), cl.Name)}
	}
	return sg
}

// ClusterSecurityGroupLabel is how messages name the security group EKS
// creates with the cluster labelled clusterLabel.
func ClusterSecurityGroupLabel(clusterLabel string) string {
	return "cluster security group of " + clusterLabel
}

// AddMaybeTags records tags the group may carry or not (see
// SecurityGroup.MaybeTags): those it does not carry surely.
func (sg *SecurityGroup) AddMaybeTags(tags map[string]Value) {
	for k, v := range tags {
		if _, own := sg.Tags[k]; own {
			continue
		}
		if sg.MaybeTags == nil {
			sg.MaybeTags = map[string]Value{}
		}
		sg.MaybeTags[k] = v
	}
}
