stage = "staging"
