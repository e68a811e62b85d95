spare_enabled = false
