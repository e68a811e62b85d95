stage = "sandbox"
