batch_pools = { gpu = 4 }
