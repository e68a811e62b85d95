locals {
	name = "rôle-节点"	# tab
	x	= "[31mred"
}
