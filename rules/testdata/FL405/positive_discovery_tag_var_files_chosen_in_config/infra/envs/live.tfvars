stage = "live"
