skip = true
