batch_enabled = true
